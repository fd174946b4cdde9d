import { DomainError, RESERVATION_LIMITS, RESERVATION_MESSAGES } from '@popote/contracts';
import type { ProviderEvent } from '../providers/provider';
import type { Checkout } from './checkout.schema';

/**
 * The checkout's rules of time and money, pure (its states and steps are in checkout-states.ts, the
 * buyer's cap in reservation-quota.ts). No database, no clock of their own.
 */

/**
 * A card is charged only on a reservation with at least this long left (renewed first when not):
 * the order that follows commits it seconds later, before it ends.
 */
export const RENEW_MARGIN_MS = 60_000;

/**
 * A card payment made this long after the reservation ended (or once it was given back) is not an
 * order: the food and the place may have gone, the prices changed, the slot passed. It is refunded
 * in full. The grace covers a card form submitted just before the end (3-D Secure takes a while).
 */
export const LATE_PAYMENT_GRACE_MS = 2 * 60_000;

/** What one reservation may hold, checked before asking (the catalogue checks it all again). */
export function mustFitOneReservation(lines: readonly { quantity: number }[]): void {
  if (lines.length > RESERVATION_LIMITS.linesMax) throw new DomainError('VALIDATION_FAILED', RESERVATION_MESSAGES.tooManyLines);
  if (lines.some((l) => l.quantity > RESERVATION_LIMITS.portionsPerLineMax))
    throw new DomainError('VALIDATION_FAILED', RESERVATION_MESSAGES.tooManyOfOne);
}

/** Whether the checkout is still reserved for at least `marginMs` more. */
export const reservedFor = (c: Pick<Checkout, 'reserved_until'>, marginMs: number, now = Date.now()) =>
  !!c.reserved_until && new Date(c.reserved_until).getTime() > now + marginMs;

type Intent = ProviderEvent['data']['object'];

/** Whether a provider's success pays this checkout: no amount, another amount or another intent is no proof of payment. */
export function provesPayment(
  intent: Intent,
  checkout: Pick<Checkout, 'payment_intent_id' | 'amount_cents'>,
): intent is Intent & { amount: number } {
  const otherIntent = !!checkout.payment_intent_id && intent.id !== checkout.payment_intent_id;
  return typeof intent.amount === 'number' && intent.amount === checkout.amount_cents && !otherIntent;
}
