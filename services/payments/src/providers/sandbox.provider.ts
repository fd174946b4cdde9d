import { createHash, randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@popote/contracts';
import type { PaymentProvider } from './provider';

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type CardOutcome = { ok: true } | { ok: false; code: string; message: string };

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    return sum + d;
  }, 0) %
    10 ===
  0;

/** Stripe's public test cards that fail, with the decline they simulate. */
const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: PAYMENT_MESSAGES.declined },
  '4000000000009995': { code: 'insufficient_funds', message: PAYMENT_MESSAGES.insufficientFunds },
  '4000000000009987': { code: 'lost_card', message: PAYMENT_MESSAGES.declined },
  '4000000000009979': { code: 'stolen_card', message: PAYMENT_MESSAGES.declined },
  '4000000000000069': { code: 'expired_card', message: 'Votre carte a expiré.' },
  '4000000000000127': { code: 'incorrect_cvc', message: PAYMENT_MESSAGES.invalidCvc },
};

/** What the sandbox does with a card: valid test cards succeed, Stripe's decline cards are refused. */
export function evaluateCard(card: CardInput, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return { ok: false, code: 'incorrect_number', message: PAYMENT_MESSAGES.invalidCard };
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (card.exp_month < 1 || card.exp_month > 12 || year > now.getFullYear() + 20)
    return { ok: false, code: 'invalid_expiry', message: PAYMENT_MESSAGES.invalidExpiry };
  if (year < now.getFullYear() || (year === now.getFullYear() && card.exp_month < now.getMonth() + 1))
    return { ok: false, code: 'expired_card', message: 'Votre carte a expiré.' };
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, code: 'invalid_cvc', message: PAYMENT_MESSAGES.invalidCvc };
  const decline = DECLINES[digits];
  return decline ? { ok: false, ...decline } : { ok: true };
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

/** How long Stripe honours an idempotency key (24 h): a key reused later makes a new object. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

/** A transfer as the sandbox remembers it (in memory, for this process's life). */
export interface SandboxTransfer {
  id: string;
  amount_cents: number;
  destination: string;
  transfer_group: string;
  created_ms: number;
}

/**
 * The offline provider: PaymentIntent ids and secrets like Stripe's; refunds keyed like Stripe's
 * idempotency. Transfers behave as Stripe's: a key answers the same transfer within its 24 h window,
 * a new one after it, and transfers can be listed by their group (`payout-<id>`). No money moves; the
 * record lives in memory (a restart forgets it, as it forgets nothing that matters offline).
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  private readonly transfers: SandboxTransfer[] = [];
  private readonly keys = new Map<string, { transfer: SandboxTransfer; at: number }>();

  async createIntent(input: { checkout_id: string }) {
    const id = `pi_sbx_${input.checkout_id.replace(/-/g, '')}`;
    return { id, client_secret: `${id}_secret_${randomBytes(12).toString('hex')}` };
  }

  /** Nothing to cancel: the sandbox charges only through confirmSandbox, which a replaced checkout refuses. */
  async cancelIntent(): Promise<void> {}

  async refund(input: { idempotency_key: string }) {
    return { id: `re_sbx_${digest(input.idempotency_key)}` };
  }

  /** Same lifecycle as Stripe Connect Express: created pending, enabled once onboarding is done. */
  async createConnectedAccount(input: { cook_id: string }) {
    return { id: `acct_sbx_${digest(`account-${input.cook_id}`).slice(0, 16)}`, enabled: false };
  }

  /** The sandbox's onboarding is a step of the cook's own dashboard (no third-party page). */
  async onboardingLink(input: { return_url: string }) {
    const url = new URL(input.return_url);
    url.searchParams.set('inscription', 'bac-a-sable');
    return { url: url.toString() };
  }

  /** The sandbox moves no money and keeps no lasting record of it. */
  async transferredTo(): Promise<null> {
    return null;
  }

  async transfer(input: Parameters<PaymentProvider['transfer']>[0]) {
    const now = Date.now();
    const seen = this.keys.get(input.idempotency_key);
    if (seen && now - seen.at < IDEMPOTENCY_WINDOW_MS) return { id: seen.transfer.id };
    const transfer: SandboxTransfer = {
      // The key's own id the first time (stable across restarts); another once the key has expired.
      id: `tr_sbx_${digest(seen ? `${input.idempotency_key}@${now}` : input.idempotency_key)}`,
      amount_cents: input.amount_cents,
      destination: input.account_id,
      transfer_group: `payout-${input.payout_id}`,
      created_ms: now,
    };
    this.transfers.push(transfer);
    this.keys.set(input.idempotency_key, { transfer, at: now });
    return { id: transfer.id };
  }

  /** As Stripe's `transfers.list({ transfer_group })`. */
  transfersInGroup(group: string): SandboxTransfer[] {
    return this.transfers.filter((t) => t.transfer_group === group);
  }

  async findPayoutTransfer(input: { account_id: string; payout_id: string }) {
    const found = this.transfersInGroup(`payout-${input.payout_id}`).find((t) => t.destination === input.account_id);
    return found ? { id: found.id, amount_cents: found.amount_cents } : null;
  }
}
