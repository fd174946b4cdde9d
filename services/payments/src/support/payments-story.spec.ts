import { describe, expect, it } from 'vitest';
import type { Checkout, Refund } from '../checkouts/checkout.schema';
import { refundedCommission } from '../payouts/ledger.service';
import type { Payout } from '../payouts/payouts.schema';
import type { Receipt } from '../receipts/receipt.schema';
import { paymentsStory, toFailedPayoutDto } from './payments-story';

const at = (iso: string) => new Date(iso);

describe('refundedCommission', () => {
  it('gives back the commission on the refunded part so the cook keeps the share of what was kept (15 %, half up)', () => {
    // 25,98 €: commission 390 c. 6,00 € refunded: kept 19,98 € whose commission is 300 c → 90 c back.
    expect(refundedCommission(2598, 600, 1500)).toBe(90);
    expect(refundedCommission(2598, 2598, 1500)).toBe(390);
    expect(refundedCommission(2598, 0, 1500)).toBe(0);
    // Rounding never loses a cent: the parts add up whatever the split.
    for (let part = 0; part <= 1001; part += 37) {
      const kept = 1001 - part;
      expect(refundedCommission(1001, part, 1500) + Math.floor((kept * 1500 + 5000) / 10000)).toBe(150);
    }
  });

  it('refuses a refund over the total', () => {
    expect(() => refundedCommission(1000, 1001, 1500)).toThrow(/out of range/);
  });
});

describe('paymentsStory', () => {
  const checkout = {
    _id: 'c1',
    created_at: at('2026-12-07T10:00:00Z'),
    updated_at: at('2026-12-07T10:01:00Z'),
    amount_cents: 2598,
    provider: 'sandbox',
    status: 'succeeded',
    reserved_until: at('2026-12-07T10:15:00Z'),
    payment_intent_id: 'pi_1',
    late_refund_id: null,
    replaced_at: null,
    reconciled_at: null,
    last_error: null,
  } as unknown as Checkout;
  const receipt = {
    _id: 'o1',
    cook_id: 'abcdef0123456789',
    number: 42,
    issued_at: at('2026-12-07T10:01:05Z'),
    total_cents: 2598,
  } as Receipt;

  it('tells a paid checkout, its receipt and a support refund, in French', () => {
    const refund = {
      _id: 'o1',
      amount_cents: 600,
      status: 'made',
      origin: 'support',
      reason: 'Une part manquante',
      refunded_at: at('2026-12-08T09:00:00Z'),
    } as Refund;
    const story = paymentsStory(checkout, receipt, refund);
    expect(story.map((e) => [e.kind, e.label])).toEqual([
      ['checkout.created', 'Paiement préparé, repas réservés'],
      ['payment.succeeded', 'Paiement accepté'],
      ['receipt.issued', expect.stringMatching(/^Reçu R-.*000042 émis$/)],
      ['refund.made', 'Remboursement par le support'],
    ]);
    expect(story[3]!.detail).toBe('6,00 € · Une part manquante');
    expect(story.every((e) => e.service === 'payments' && e.email_id === null)).toBe(true);
  });

  it('tells a refused payment and a refund still waiting for the provider', () => {
    const declined = { ...checkout, status: 'requires_payment_method', last_error: 'Carte refusée' } as unknown as Checkout;
    const due = { _id: 'o1', amount_cents: 2598, status: 'due', origin: 'cancelled', reason: null, refunded_at: null } as Refund;
    const story = paymentsStory(declined, null, due, at('2026-12-07T10:05:00Z').getTime());
    expect(story.map((e) => e.kind)).toEqual(['checkout.created', 'payment.failed', 'refund.due']);
    expect(story[1]!.detail).toBe('Carte refusée');
    expect(story[2]!.label).toBe('Remboursement de la commande annulée (en attente du prestataire)');
  });
});

describe('toFailedPayoutDto', () => {
  it('tells a refused payout from one that failed at the bank', () => {
    const base = {
      _id: 'p1',
      cook_id: 'k1',
      account_id: 'a1',
      amount_cents: 1000,
      trigger: 'manual',
      transfer_id: 'tr_1',
      reversed_cents: 0,
      created_at: at('2026-12-07T10:00:00Z'),
      updated_at: at('2026-12-07T10:00:00Z'),
    };
    expect(
      toFailedPayoutDto({ ...base, status: 'failed', failure_reason: 'Refusé', bank_failure: null } as unknown as Payout).failure,
    ).toBe('refused');
    const bank = toFailedPayoutDto({
      ...base,
      status: 'paid',
      failure_reason: null,
      bank_failure: { provider_payout_id: 'po_1', message: 'Compte clos', code: 'account_closed', at: base.created_at },
    } as unknown as Payout);
    expect(bank).toMatchObject({ failure: 'bank', bank_failure_message: 'Compte clos' });
  });
});
