import { DomainError, PAYMENT_MESSAGES, PICKUP_MESSAGES } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_TRANSITIONS, may, mustAllow, onSuccess, stateOf, type CheckoutState } from './checkout-states';

const NOW = Date.parse('2026-12-06T10:00:00Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs);
const GRACE = 120_000;

/** One stored document per state, as the service writes them. */
const docs: Record<CheckoutState, Parameters<typeof stateOf>[0]> = {
  reserved: { status: 'requires_payment_method', reserved_until: at(60_000), late_refund_id: null },
  lapsed: { status: 'requires_payment_method', reserved_until: at(-60_000), late_refund_id: null },
  released: { status: 'requires_payment_method', reserved_until: null, late_refund_id: null },
  replaced: { status: 'requires_payment_method', reserved_until: null, late_refund_id: null, replaced_at: at(-5_000) },
  refunded_late: { status: 'requires_payment_method', reserved_until: null, late_refund_id: 're_1' },
  paid: { status: 'succeeded', reserved_until: at(-60_000), late_refund_id: null, reconciled_at: null },
  settled: { status: 'succeeded', reserved_until: at(-60_000), late_refund_id: null, reconciled_at: at(-1_000) },
};

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as DomainError).message;
  }
  return null;
};

describe('the checkout state machine', () => {
  it('derives each state from the stored fields alone', () => {
    for (const [state, doc] of Object.entries(docs)) expect(stateOf(doc, NOW)).toBe(state);
    // The reservation ends at an instant: reserved before it, lapsed from it.
    expect(stateOf({ ...docs.reserved, reserved_until: at(0) }, NOW - 1)).toBe('reserved');
    expect(stateOf({ ...docs.reserved, reserved_until: at(0) }, NOW)).toBe('lapsed');
  });

  it('lets each step start only from the states of its row, never from a terminal one', () => {
    const allowed = (step: keyof typeof CHECKOUT_TRANSITIONS) =>
      (Object.keys(docs) as CheckoutState[]).filter((s) => may(step, docs[s], NOW)).sort();
    expect(allowed('renew')).toEqual(['lapsed', 'released', 'reserved']);
    expect(allowed('replace')).toEqual(['lapsed', 'released', 'reserved']);
    expect(allowed('pay_late')).toEqual(['lapsed', 'released', 'replaced']);
    expect(allowed('change_slot')).toEqual(['lapsed', 'released', 'reserved']);
    expect(allowed('decline')).toEqual(['lapsed', 'released', 'reserved']);
    expect(allowed('refund_order')).toEqual(['paid', 'settled']);
    expect(allowed('reannounce')).toEqual(['paid']);
    expect(allowed('settle')).toEqual(['paid']);
    expect(may('reserve', null)).toBe(true);
    expect(may('reserve', docs.released, NOW)).toBe(false);
    // Nothing leaves refunded_late, a replaced checkout only for a refund, and every step has a compensation said.
    for (const [step, t] of Object.entries(CHECKOUT_TRANSITIONS)) {
      expect(t.from.includes('refunded_late'), step).toBe(false);
      if (step !== 'pay_late') expect(t.from.includes('replaced'), step).toBe(false);
      expect(t.compensation.length, step).toBeGreaterThan(10);
    }
  });

  it("refuses the buyer's steps in French with what the state means", () => {
    expect(mustAllow('renew', docs.lapsed, NOW)).toBe(docs.lapsed);
    expect(refusal(() => mustAllow('renew', docs.paid, NOW))).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect(refusal(() => mustAllow('renew', docs.settled, NOW))).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect(refusal(() => mustAllow('renew', docs.refunded_late, NOW))).toBe(PAYMENT_MESSAGES.paidTooLate);
    expect(refusal(() => mustAllow('change_slot', docs.paid, NOW))).toBe(PICKUP_MESSAGES.changeNotAllowed);
    expect(refusal(() => mustAllow('change_slot', docs.refunded_late, NOW))).toBe(PAYMENT_MESSAGES.paidTooLate);
    expect(refusal(() => mustAllow('renew', docs.replaced, NOW))).toBe(PAYMENT_MESSAGES.replaced);
    expect(refusal(() => mustAllow('change_slot', docs.replaced, NOW))).toBe(PAYMENT_MESSAGES.replaced);
  });

  it("judges a provider's success by when it was paid: within the grace an order, past it a refund, twice nothing", () => {
    expect(onSuccess(docs.reserved, NOW, GRACE)).toBe('pay');
    // Paid one minute after the end (event time): within the grace.
    expect(onSuccess(docs.lapsed, NOW, GRACE)).toBe('pay');
    expect(onSuccess(docs.lapsed, NOW + GRACE - 60_000, GRACE)).toBe('pay');
    expect(onSuccess(docs.lapsed, NOW + GRACE - 60_000 + 1, GRACE)).toBe('pay_late');
    // A reservation that ends later than the event: paid in time, whatever the time it is read at.
    expect(onSuccess(docs.reserved, NOW + 30_000, GRACE)).toBe('pay');
    expect(onSuccess(docs.released, NOW, GRACE)).toBe('pay_late');
    // Replaced by a newer checkout: its intent was cancelled; a payment that beat the cancel is refunded.
    expect(onSuccess(docs.replaced, NOW, GRACE)).toBe('pay_late');
    for (const spent of ['paid', 'settled', 'refunded_late'] as const) expect(onSuccess(docs[spent], NOW, GRACE)).toBe('none');
  });
});
