import { randomUUID } from 'node:crypto';
import { PaymentsEvents, type CheckoutDiscount, type CheckoutDto, type HeldSlot } from '@popote/contracts';
import { recordEvent } from '@popote/platform';
import type { HydratedDocument } from 'mongoose';
import type { ProviderEvent } from '../providers/provider';
import type { CardOutcome } from '../providers/sandbox.provider';
import type { Checkout } from './checkout.schema';

export const toCheckoutDto = (c: Checkout): CheckoutDto => ({
  checkout_id: c._id,
  consumer_id: c.consumer_id,
  status: c.status,
  amount_cents: c.amount_cents,
  currency: 'eur',
  lines: c.lines,
  slots: (c.slots ?? []).map(withMode),
  delivery_address: c.delivery_address ?? null,
  discounts: c.discounts ?? [],
  provider: c.provider,
  reserved_until: c.status !== 'succeeded' && c.reserved_until ? new Date(c.reserved_until).toISOString() : null,
  last_error: c.last_error ?? null,
  created_at: new Date(c.created_at).toISOString(),
});

/** A slot as kept before delivery existed reads as a free pick-up. */
const withMode = (h: HeldSlot): HeldSlot => ({ ...h, mode: h.mode ?? 'pickup', fee_cents: h.fee_cents ?? 0 });

/**
 * What the checkout costs: the lines at the prices they carry (the catalogue's, when it reserved
 * them), the delivery fees the catalogue decided for the slots (ADR 0044), less the discounts
 * payments decided (ADR 0045).
 */
export const amountOf = (
  lines: Pick<CheckoutDto['lines'][number], 'unit_price_cents' | 'quantity'>[],
  slots: readonly Pick<HeldSlot, 'fee_cents'>[] = [],
  discounts: readonly Pick<CheckoutDiscount, 'cents'>[] = [],
) =>
  lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0) +
  slots.reduce((sum, s) => sum + (s.fee_cents ?? 0), 0) -
  discounts.reduce((sum, d) => sum + d.cents, 0);

/** What the platform gave towards the cook's part of a checkout (its first-order offer, ADR 0045): paid to the cook. */
export const contributionOfOrder = (checkout: Pick<Checkout, 'discounts'> | null | undefined, cookId: string): number =>
  (checkout?.discounts ?? []).filter((d) => d.cook_id === cookId && d.funder === 'platform').reduce((n, d) => n + d.cents, 0);

export const cooksOf = (lines: Pick<CheckoutDto['lines'][number], 'cook_id'>[]) => [...new Set(lines.map((l) => l.cook_id))];

/** The catalogue's reservation of a checkout asked again: the same lines, the same slots, the same destination. */
export const reservationOf = (checkout: Checkout) => ({
  checkout_id: checkout._id,
  consumer_id: checkout.consumer_id,
  lines: checkout.lines.map((l) => ({ meal_id: l.meal_id, quantity: l.quantity })),
  slots: (checkout.slots ?? []).map((h) => ({ cook_id: h.cook_id, start: h.start, mode: h.mode ?? 'pickup' })),
  delivery_to: checkout.delivery_address
    ? { postcode: checkout.delivery_address.postcode, commune_code: checkout.delivery_address.commune_code }
    : null,
});

/** Records on the checkout that it is paid (ordering creates one order per cook from it). */
export function announcePaid(checkout: HydratedDocument<Checkout>, paymentIntentId: string): void {
  recordEvent(checkout, PaymentsEvents.paymentSucceeded, {
    checkout_id: checkout._id,
    consumer_id: checkout.consumer_id,
    amount_cents: checkout.amount_cents,
    payment_intent_id: paymentIntentId,
    lines: checkout.lines,
    slots: (checkout.slots ?? []).map(withMode),
    consumer_name: checkout.consumer_name ?? '',
    delivery_address: checkout.delivery_address ?? null,
    discounts: checkout.discounts ?? [],
  });
}

/** Records on the checkout that its payment failed, and why (what its `last_error` says). */
export function announceFailed(checkout: HydratedDocument<Checkout>, reason: string): void {
  recordEvent(checkout, PaymentsEvents.paymentFailed, {
    checkout_id: checkout._id,
    consumer_id: checkout.consumer_id,
    reason,
    cook_ids: [...new Set(checkout.lines.map((l) => l.cook_id))],
  });
}

/** The offline provider's outcome for a card, as the provider's event a Stripe webhook would carry. */
export const sandboxIntentEvent = (checkout: Checkout, outcome: CardOutcome): ProviderEvent => ({
  id: `evt_sbx_${randomUUID().replace(/-/g, '')}`,
  type: outcome.ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
  data: {
    object: {
      id: checkout.payment_intent_id ?? '',
      amount: checkout.amount_cents,
      metadata: { checkout_id: checkout._id },
      last_payment_error: outcome.ok ? null : { code: outcome.code, message: outcome.message },
    },
  },
});
