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

/** The offline provider: PaymentIntent ids and secrets like Stripe's; refunds keyed like Stripe's idempotency. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  async createIntent(input: { checkout_id: string }) {
    const id = `pi_sbx_${input.checkout_id.replace(/-/g, '')}`;
    return { id, client_secret: `${id}_secret_${randomBytes(12).toString('hex')}` };
  }

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

  /** The sandbox moves no money and keeps no record of it. */
  async transferredTo(): Promise<null> {
    return null;
  }

  async transfer(input: { idempotency_key: string }) {
    return { id: `tr_sbx_${digest(input.idempotency_key)}` };
  }
}
