import { LEDGER_KINDS, type LedgerKind, type PayoutDto } from '@popote/contracts';
import { PAYOUT_INCIDENT_TEXTS } from './payout-incidents';
import type { LedgerEntry, Payout, PayoutAccount } from './payouts.schema';

export const toPayoutDto = (p: Payout): PayoutDto => ({
  payout_id: p._id,
  cook_id: p.cook_id,
  amount_cents: p.amount_cents,
  status: p.status,
  trigger: p.trigger,
  transfer_id: p.transfer_id ?? null,
  failure_reason: p.failure_reason ?? (p.bank_failure ? PAYOUT_INCIDENT_TEXTS.bankPayoutFailed : null),
  created_at: new Date(p.created_at).toISOString(),
  updated_at: new Date(p.updated_at).toISOString(),
});

/** The cook's payout account as the dashboard shows it (`none` before one is created, with the provider it would be at). */
export const toPayoutAccountDto = (a: PayoutAccount | null, provider: PayoutAccount['provider']) =>
  a ? { status: a.status, provider: a.provider, account_id: a.account_id } : { status: 'none' as const, provider, account_id: null };

const KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Vente',
  commission: 'Commission Popote',
  release: 'Vente récupérée (disponible)',
  refund: 'Remboursement',
  commission_reversal: 'Commission annulée',
  payout: 'Versement',
  payout_failure: 'Versement échoué (recrédité)',
  ad_reserve: 'Mise en avant : budget réservé',
  ad_spend: 'Mise en avant : dépense du jour',
  ad_release: 'Mise en avant : budget non dépensé rendu',
  delivery_fee: 'Frais de livraison',
  delivery_fee_refund: 'Frais de livraison remboursés',
  platform_contribution: 'Réduction prise en charge par Popote',
  platform_contribution_reversal: 'Réduction Popote annulée',
};
// Every kind has a label (a new kind without one fails the type check above).
void LEDGER_KINDS;

export const csvCents = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Rows as CSV for French spreadsheets: `;` separators, CRLF, quoted where needed. */
export const toCsv = (rows: string[][]) =>
  `${rows.map((r) => r.map((v) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(';')).join('\r\n')}\r\n`;

/** The cook's ledger entries (oldest first) as the rows of its CSV, headers first. */
export const ledgerCsvRows = (entries: LedgerEntry[]): string[][] => [
  ['Date', 'Opération', 'Commande', 'Versement', 'Mise en avant', 'En attente (€)', 'Disponible (€)', 'Publicité (€)'],
  ...entries.map((e) => [
    new Date(e.created_at).toISOString(),
    KIND_LABELS[e.kind],
    e.order_id ?? '',
    e.payout_id ?? '',
    e.campaign_id ?? '',
    csvCents(e.pending_cents),
    csvCents(e.available_cents),
    csvCents(e.advertising_cents ?? 0),
  ]),
];
