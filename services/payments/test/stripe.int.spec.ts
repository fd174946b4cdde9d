import { PAYMENT_MESSAGES, PaymentsEvents } from '@popote/contracts';
import { findEvent } from '@popote/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../src/checkouts/checkout.schema';
import { LATE_PAYMENT_GRACE_MS } from '../src/checkouts/checkout.rules';
import { StripeProvider } from '../src/providers/stripe.provider';
import { startPayments, WEBHOOK_SECRET, type PaymentsUnderTest } from './payments-app';

describe('payments: the Stripe adapter against stripe-mock, and signed webhooks', () => {
  let payments: PaymentsUnderTest;
  const signer = new Stripe('sk_test_123');

  beforeAll(async () => {
    payments = await startPayments(__filename, {}, true);
  });

  afterAll(async () => {
    await payments?.close();
  });

  it('creates a PaymentIntent in euros and refunds through the Stripe API', async () => {
    const provider = new StripeProvider('sk_test_123', 'pk_test_123', WEBHOOK_SECRET, payments.config.STRIPE_API_BASE);
    const intent = await provider.createIntent({ amount_cents: 2550, checkout_id: 'co-1', consumer_id: 'u-1' });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.client_secret).toMatch(/^pi_.*_secret_/);
    const refund = await provider.refund({ payment_intent_id: intent.id, amount_cents: 1250, idempotency_key: 'refund-order-o1' });
    expect(refund.id).toMatch(/^re_/);
    // A replaced checkout's intent is cancelled (stripe-mock checks the request against Stripe's API).
    await expect(provider.cancelIntent({ payment_intent_id: intent.id })).resolves.toBeUndefined();
  });

  const post = (payload: string, header: string) =>
    fetch(`${payments.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
  const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  /** A checkout of buyer u-9 waiting for its payment (intent `intentId`), reserved until `reservedUntil`. */
  const awaitingPayment = (
    id: string,
    amount_cents: number,
    intentId: string,
    lines: Checkout['lines'] = [],
    reservedUntil: Date | null = new Date(Date.now() + 20 * 60_000),
  ) =>
    payments.store.checkouts.create({
      _id: id,
      consumer_id: 'u-9',
      status: 'requires_payment_method',
      amount_cents,
      provider: 'stripe',
      payment_intent_id: intentId,
      lines,
      reserved_until: reservedUntil,
    });
  /** Stripe's `payment_intent.succeeded` for the intent (its `amount` left out where absent) of `checkoutId`. */
  const succeeded = (eventId: string, intent: { id: string; amount?: number }, checkoutId: string, paidAt = new Date()) =>
    JSON.stringify({
      id: eventId,
      type: 'payment_intent.succeeded',
      created: Math.floor(paidAt.getTime() / 1000),
      data: { object: { ...intent, metadata: { checkout_id: checkoutId } } },
    });
  const statusOf = async (id: string) => (await payments.store.checkouts.findById(id).lean<Checkout>())?.status;

  it('applies a signed payment_intent.succeeded once: the checkout is paid and announced', async () => {
    await awaitingPayment('co-webhook', 1300, 'pi_123', [
      { meal_id: 'm1', cook_id: 'c1', cook_name: 'mei', name: 'Curry', unit_price_cents: 1300, quantity: 1 },
    ]);
    const payload = succeeded('evt_1', { id: 'pi_123', amount: 1300 }, 'co-webhook');
    const header = sign(payload);
    const first = await post(payload, header);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, result: 'applied' });
    expect((await post(payload, header)).status).toBe(200);
    expect(await (await post(payload, header)).json()).toMatchObject({ result: 'duplicate' });
    expect(await statusOf('co-webhook')).toBe('succeeded');
    const evt = await findEvent<{ checkout_id: string; amount_cents: number }>(
      PaymentsEvents.paymentSucceeded.subject,
      (e) => e.data.checkout_id === 'co-webhook',
    );
    expect(evt.data.amount_cents).toBe(1300);
  });

  it('refuses a webhook with a bad or missing signature, and changes nothing', async () => {
    await awaitingPayment('co-forged', 500, 'pi_456');
    const payload = succeeded('evt_forged', { id: 'pi_456', amount: 500 }, 'co-forged');
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await post(payload, wrongSecret)).status).toBe(400);
    expect((await post(payload.replace('500', '1'), sign(payload))).status).toBe(400);
    expect(
      (await fetch(`${payments.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload }))
        .status,
    ).toBe(400);
    expect(await statusOf('co-forged')).toBe('requires_payment_method');
  });

  it('does not pay a checkout when the paid amount differs from what is owed', async () => {
    await awaitingPayment('co-amount', 4200, 'pi_789');
    const payload = succeeded('evt_amount', { id: 'pi_789', amount: 100 }, 'co-amount');
    await post(payload, sign(payload));
    expect(await statusOf('co-amount')).toBe('requires_payment_method');
  });

  it('does not pay a checkout on an event that carries no amount, or names another payment', async () => {
    await awaitingPayment('co-no-amount', 4200, 'pi_noamount');
    const noAmount = succeeded('evt_no_amount', { id: 'pi_noamount' }, 'co-no-amount');
    expect(await (await post(noAmount, sign(noAmount))).json()).toMatchObject({ result: 'ignored' });
    const otherIntent = succeeded('evt_other_intent', { id: 'pi_someone_else', amount: 4200 }, 'co-no-amount');
    expect(await (await post(otherIntent, sign(otherIntent))).json()).toMatchObject({ result: 'ignored' });
    expect(await statusOf('co-no-amount')).toBe('requires_payment_method');
  });

  it('refunds in full, once, a payment made after the reservation ended or was given back; the checkout is spent', async () => {
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    const line = { meal_id: 'm1', cook_id: 'c1', cook_name: 'mei', name: 'Curry', unit_price_cents: 900, quantity: 1 };
    const deliver = async (eventId: string, intentId: string, checkoutId: string, paidAt?: Date) => {
      const payload = succeeded(eventId, { id: intentId, amount: 900 }, checkoutId, paidAt);
      return (await (await post(payload, sign(payload))).json()) as { result: string };
    };
    const doc = (id: string) => payments.store.checkouts.findById(id).lean<Checkout>();

    // Ended 10 minutes ago (past the grace), given back (a declined card), and replaced by a newer
    // checkout whose cancel of the intent the payment beat (still reserved, for all it says).
    await awaitingPayment('co-late-ended', 900, 'pi_late_ended', [line], minutes(-10));
    await awaitingPayment('co-late-given-back', 900, 'pi_late_back', [line], null);
    await awaitingPayment('co-late-replaced', 900, 'pi_late_replaced', [line], minutes(10));
    await payments.store.checkouts.updateOne({ _id: 'co-late-replaced' }, { $set: { replaced_at: minutes(-1) } });
    for (const [id, intent] of [
      ['co-late-ended', 'pi_late_ended'],
      ['co-late-given-back', 'pi_late_back'],
      ['co-late-replaced', 'pi_late_replaced'],
    ]) {
      expect(await deliver(`evt_${id}`, intent, id)).toMatchObject({ result: 'applied' });
      const late = await doc(id);
      // Refunded through the Stripe API (stripe-mock), no orders announced, never paid again.
      expect(late).toMatchObject({ status: 'requires_payment_method', reserved_until: null, last_error: PAYMENT_MESSAGES.paidTooLate });
      expect(late?.late_refund_id).toMatch(/^re_/);
      expect(late?._outbox ?? []).toEqual([]);
      // The provider sends it again under another id: nothing more.
      expect(await deliver(`evt_${id}_again`, intent, id)).toMatchObject({ result: 'ignored' });
      expect((await doc(id))?.late_refund_id).toBe(late?.late_refund_id);
    }
    // Within the grace, or paid in time and told late (a delayed webhook): an order.
    await awaitingPayment('co-in-grace', 900, 'pi_in_grace', [line], minutes(-1));
    expect(await deliver('evt_in_grace', 'pi_in_grace', 'co-in-grace')).toMatchObject({ result: 'applied' });
    expect(await statusOf('co-in-grace')).toBe('succeeded');
    await awaitingPayment('co-told-late', 900, 'pi_told_late', [line], minutes(-30));
    expect(await deliver('evt_told_late', 'pi_told_late', 'co-told-late', minutes(-31))).toMatchObject({ result: 'applied' });
    expect(await statusOf('co-told-late')).toBe('succeeded');
    expect(LATE_PAYMENT_GRACE_MS).toBe(2 * 60_000);
  });
});
