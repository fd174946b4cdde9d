import { TRADER_MESSAGES, type TraderDecision, type TraderDetailsDto, type TraderStatus } from '@popote/contracts';

/** How long a trader's file outlives the trading relationship (EU Digital Services Act, article 30(3): six months). */
export const TRADER_RETENTION_MONTHS = 6;

/** When a file whose relationship ended at `endedAt` is deleted: six calendar months later. */
export function retentionEnd(endedAt: Date): Date {
  const end = new Date(endedAt);
  end.setUTCMonth(end.getUTCMonth() + TRADER_RETENTION_MONTHS);
  return end;
}

/** The parts of a file its rules read. */
export interface TraderState {
  status: TraderStatus;
  revision: number;
  details: TraderDetailsDto | null;
  relationship_ended_at: Date | null;
}

const FIELDS = ['legal_name', 'siret', 'phone', 'email', 'ddpp_receipt_key', 'hygiene_certificate_key', 'self_certified'] as const;

/** The same details, field by field (the address's three parts included). */
export function sameDetails(a: TraderDetailsDto | null, b: TraderDetailsDto): boolean {
  if (!a) return false;
  return (
    FIELDS.every((f) => a[f] === b[f]) &&
    a.address.street === b.address.street &&
    a.address.postcode === b.address.postcode &&
    a.address.city === b.address.city
  );
}

/**
 * A cook saves their details. Unchanged details waiting for a decision or already verified keep their
 * status (nothing to verify again); anything else is a new submission, its revision one more — so
 * details changed after a verification go back to `submitted`, and a cook answering a request for
 * more submits again even with the same details (the operator asked; the cook says it is done).
 */
export function onSave(
  current: TraderState | null,
  details: TraderDetailsDto,
): { kind: 'unchanged' } | { kind: 'submitted'; revision: number } {
  if (current && (current.status === 'submitted' || current.status === 'verified') && sameDetails(current.details, details))
    return { kind: 'unchanged' };
  return { kind: 'submitted', revision: (current?.revision ?? 0) + 1 };
}

export type DecisionOutcome =
  | { kind: 'apply'; status: 'verified' | 'more_info_requested' }
  /** The same decision on the same revision was made already: nothing to write (written once). */
  | { kind: 'already' }
  | { kind: 'refuse'; code: 'NOT_FOUND' | 'CONFLICT'; message: string };

/**
 * An operator's decision on the revision they read: applied to a submission waiting for one; the
 * same decision again on it is `already` (a second operator, a second click); anything else — the
 * cook changed their details since, another decision was made — is refused.
 */
export function decide(current: TraderState | null, revision: number, decision: TraderDecision): DecisionOutcome {
  const status = decision === 'verify' ? 'verified' : 'more_info_requested';
  if (!current || current.relationship_ended_at) return { kind: 'refuse', code: 'NOT_FOUND', message: TRADER_MESSAGES.cookNotFound };
  if (current.status === 'missing') return { kind: 'refuse', code: 'CONFLICT', message: TRADER_MESSAGES.notSubmitted };
  if (current.revision !== revision) return { kind: 'refuse', code: 'CONFLICT', message: TRADER_MESSAGES.staleSubmission };
  if (current.status === 'submitted') return { kind: 'apply', status };
  if (current.status === status) return { kind: 'already' };
  return { kind: 'refuse', code: 'CONFLICT', message: TRADER_MESSAGES.staleSubmission };
}

/** The document keys a file keeps (the seeded demo files have none). */
export const documentKeysOf = (details: TraderDetailsDto | null): string[] =>
  details ? [details.ddpp_receipt_key, details.hygiene_certificate_key].filter((k): k is string => !!k) : [];
