import { PaymentsEvents } from '@popote/contracts';
import { findEvent } from '@popote/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../src/checkouts/checkout.schema';
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
  });

  const post = (payload: string, header: string) =>
    fetch(`${payments.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
  const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  /** A checkout of buyer u-9 waiting for its payment (intent `intentId`). */
  const awaitingPayment = (id: string, amount_cents: number, intentId: string, lines: Checkout['lines'] = []) =>
    payments.store.checkouts.create({
      _id: id,
      consumer_id: 'u-9',
      status: 'requires_payment_method',
      amount_cents,
      provider: 'stripe',
      payment_intent_id: intentId,
      lines,
    });
  /** Stripe's `payment_intent.succeeded` for the intent (its `amount` left out where absent) of `checkoutId`. */
  const succeeded = (eventId: string, intent: { id: string; amount?: number }, checkoutId: string) =>
    JSON.stringify({
      id: eventId,
      type: 'payment_intent.succeeded',
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
});
