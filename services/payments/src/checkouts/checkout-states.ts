import { DomainError, PAYMENT_MESSAGES, PICKUP_MESSAGES } from '@popote/contracts';
import type { Checkout } from './checkout.schema';

/**
 * The checkout as a state machine (docs/checkout.md, « États du paiement »): every state, every step
 * that moves a checkout, what each step refuses and what undoes it when it fails half-way are in the
 * table below, and `CheckoutsService` (and `RefundsService` for the refunds) asks it before each step
 * instead of testing fields itself.
 *
 * The state is derived from the document (no field to keep in step with the others):
 * - `reserved`: not paid, its food and places held until `reserved_until` (in the future);
 * - `lapsed`: not paid, `reserved_until` passed: the holds count for nothing (the catalogue's sweep
 *   gives them back); a payment within `LATE_PAYMENT_GRACE_MS` of the end still makes orders;
 * - `released`: not paid, the reservation given back (`reserved_until` null): a declined card, a
 *   renewal at changed prices;
 * - `replaced`: a newer checkout of the same buyer took its place (`replaced_at`): its reservation
 *   given back, its provider intent cancelled; spent (the buyer starts again from the cart);
 * - `refunded_late`: paid too late, refunded in full once (`late_refund_id`): spent, nothing else;
 * - `paid`: the provider's success accepted; orders are made from `payment-succeeded` and the
 *   reconciliation sweep watches it (`reconcile_pending`);
 * - `settled`: every order of it exists and is picked up or cancelled and refunded (`reconciled_at`).
 */
export type CheckoutState = 'reserved' | 'lapsed' | 'released' | 'replaced' | 'refunded_late' | 'paid' | 'settled';

export type CheckoutStep =
  'reserve' | 'renew' | 'change_slot' | 'replace' | 'pay' | 'pay_late' | 'decline' | 'reannounce' | 'refund_order' | 'settle';

interface Transition {
  /** The states this step may start from (`null`: no checkout yet). */
  from: readonly (CheckoutState | null)[];
  /** Where it leads (`same`: the state does not change). */
  to: CheckoutState | 'same';
  /** Who takes the step, in `CheckoutsService` unless said. */
  code: string;
  /** What gives back what the step took when it fails half-way, or why nothing needs to. */
  compensation: string;
}

/** One table for the checkout's lifecycle: states × steps, their code and their compensations. */
export const CHECKOUT_TRANSITIONS: Readonly<Record<CheckoutStep, Transition>> = {
  reserve: {
    from: [null],
    to: 'reserved',
    code: 'createIntent (catalogue reserve-checkout, then the provider intent, then the document)',
    compensation: 'the provider intent or the document not written: the reservation is given back at once (release)',
  },
  renew: {
    from: ['reserved', 'lapsed', 'released'],
    to: 'reserved',
    code: 'renew, and ensureReserved before a card is charged with less than a minute left',
    compensation: 'prices changed since: the new reservation is given back at once and the buyer told (pricesChanged)',
  },
  change_slot: {
    from: ['reserved', 'lapsed', 'released'],
    to: 'same',
    code: 'changeSlot (catalogue change-held-slot: takes the new place, gives the old one back in one step)',
    compensation: 'none: the catalogue moves the place in one step; paid meanwhile → the order keeps the slot it was paid with',
  },
  replace: {
    from: ['reserved', 'lapsed', 'released'],
    to: 'replaced',
    code: 'releaseOpen, under the buyer lease, before a new checkout or a renewal of another one: holds given back, intent cancelled',
    compensation: 'none: a release is idempotent and a lost one expires; a payment that beat the cancel is refunded (pay_late)',
  },
  pay: {
    from: ['reserved', 'lapsed'],
    to: 'paid',
    code: 'applyIntentEvent (provider success, right amount and intent, within the grace): records payment-succeeded',
    compensation: 'ordering makes the orders; a stock refusal cancels one and refundOrder pays it back',
  },
  pay_late: {
    from: ['lapsed', 'released', 'replaced'],
    to: 'refunded_late',
    code: 'applyIntentEvent → RefundsService.refundLate (a success past the grace, or after the reservation was given back)',
    compensation: 'is one: a full refund keyed refund-late-<intent>, once however often the event comes',
  },
  decline: {
    from: ['reserved', 'lapsed', 'released'],
    to: 'released',
    code: 'applyIntentEvent (provider failure): records payment-failed',
    compensation: 'is one: the food and the places given back at once (the reservation that ends at reserved_until only)',
  },
  reannounce: {
    from: ['paid'],
    to: 'same',
    code: 'reannounce, from the reconciliation sweep: a paid checkout with orders missing',
    compensation: 'none: order ids derive from checkout and cook, ordering makes the missing ones only',
  },
  refund_order: {
    from: ['paid', 'settled'],
    to: 'same',
    code: 'RefundsService.refundOrder (order-cancelled, the reconciliation sweep): a due refund recorded, then made',
    compensation: 'none: keyed refund-order-<order id> at the provider, recorded due before and made after',
  },
  settle: {
    from: ['paid'],
    to: 'settled',
    code: 'ReconciliationService.sweep: every order exists and is delivered, or cancelled and refunded',
    compensation: 'none: the sweep only records what it found',
  },
};

type StateFields = Pick<Checkout, 'status' | 'reserved_until' | 'late_refund_id'> &
  Partial<Pick<Checkout, 'reconciled_at' | 'replaced_at'>>;

/** The fields `stateOf` reads: the projection of every read that asks the table. */
export const STATE_FIELDS = { status: 1, reserved_until: 1, late_refund_id: 1, replaced_at: 1, reconciled_at: 1 } as const;

/** The state of a stored checkout at `now`. */
export function stateOf(c: StateFields, now = Date.now()): CheckoutState {
  if (c.status === 'succeeded') return c.reconciled_at ? 'settled' : 'paid';
  if (c.late_refund_id) return 'refunded_late';
  if (c.replaced_at) return 'replaced';
  if (!c.reserved_until) return 'released';
  return new Date(c.reserved_until).getTime() > now ? 'reserved' : 'lapsed';
}

/** Whether `step` may start from this checkout's state (the table's `from`). */
export function may(step: CheckoutStep, c: StateFields | null, now = Date.now()): boolean {
  return CHECKOUT_TRANSITIONS[step].from.includes(c ? stateOf(c, now) : null);
}

/**
 * The checkout, if the buyer's `step` may start from its state; otherwise refused in French with
 * what the state means for the buyer (paid already, refunded for a late payment).
 */
export function mustAllow<C extends StateFields>(step: 'renew' | 'change_slot', c: C, now = Date.now()): C {
  if (may(step, c, now)) return c;
  const state = stateOf(c, now);
  if (state === 'refunded_late') throw new DomainError('CONFLICT', PAYMENT_MESSAGES.paidTooLate);
  if (state === 'replaced') throw new DomainError('CONFLICT', PAYMENT_MESSAGES.replaced);
  if (step === 'change_slot') throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.changeNotAllowed);
  throw new DomainError('CONFLICT', PAYMENT_MESSAGES.alreadyPaid);
}

/**
 * What a provider's success means for this checkout (right amount and intent checked before):
 * `pay` within `graceMs` of the reservation's end, `pay_late` past it or once given back, `none`
 * when it is paid or refunded already (a redelivered or second event).
 */
export function onSuccess(c: StateFields, paidAt: number, graceMs: number): 'pay' | 'pay_late' | 'none' {
  const state = stateOf(c, paidAt);
  if (state === 'paid' || state === 'settled' || state === 'refunded_late') return 'none';
  if (state === 'released' || state === 'replaced') return 'pay_late';
  return new Date(c.reserved_until!).getTime() + graceMs < paidAt ? 'pay_late' : 'pay';
}
