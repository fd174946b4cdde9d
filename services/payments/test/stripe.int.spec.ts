import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { getModelToken } from '@nestjs/mongoose';
import { PaymentsEvents } from '@popote/contracts';
import { rpcServerOptions } from '@popote/platform';
import { findEvent, resetJetStream, serviceEnv } from '@popote/testing';
import type { Model } from 'mongoose';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { Checkout } from '../src/checkouts/checkout.schema';
import { paymentsConfig } from '../src/config';
import { StripeProvider } from '../src/providers/stripe.provider';

const WEBHOOK_SECRET = 'whsec_test_popote';

describe('payments: the Stripe adapter against stripe-mock, and signed webhooks', () => {
  let app: INestApplication;
  let url: string;
  let checkouts: Model<Checkout>;
  let stripeMock: string;
  const signer = new Stripe('sk_test_123');

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('payments', __filename);
    stripeMock = env.STRIPE_MOCK_URL!;
    const config = paymentsConfig({
      ...env,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeMock,
    });
    app = await NestFactory.create(AppModule.forRoot(config), { logger: ['error'], rawBody: true });
    app.connectMicroservice<MicroserviceOptions>(rpcServerOptions('payments', config), { inheritAppConfig: true });
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    checkouts = app.get(getModelToken(Checkout.name));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('creates a PaymentIntent in euros and refunds through the Stripe API', async () => {
    const provider = new StripeProvider('sk_test_123', 'pk_test_123', WEBHOOK_SECRET, stripeMock);
    const intent = await provider.createIntent({ amount_cents: 2550, checkout_id: 'co-1', consumer_id: 'u-1' });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.client_secret).toMatch(/^pi_.*_secret_/);
    const refund = await provider.refund({ payment_intent_id: intent.id, amount_cents: 1250, idempotency_key: 'refund-order-o1' });
    expect(refund.id).toMatch(/^re_/);
  });

  const post = (payload: string, header: string) =>
    fetch(`${url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });

  it('applies a signed payment_intent.succeeded once: the checkout is paid and announced', async () => {
    await checkouts.create({
      _id: 'co-webhook',
      consumer_id: 'u-9',
      status: 'requires_payment_method',
      amount_cents: 1300,
      provider: 'stripe',
      payment_intent_id: 'pi_123',
      lines: [{ meal_id: 'm1', cook_id: 'c1', cook_name: 'mei', name: 'Curry', unit_price_cents: 1300, quantity: 1 }],
    });
    const payload = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_123', amount: 1300, metadata: { checkout_id: 'co-webhook' } } },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const first = await post(payload, header);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, result: 'applied' });
    expect((await post(payload, header)).status).toBe(200);
    expect(await (await post(payload, header)).json()).toMatchObject({ result: 'duplicate' });
    expect((await checkouts.findById('co-webhook').lean<Checkout>())?.status).toBe('succeeded');
    const evt = await findEvent<{ checkout_id: string; amount_cents: number }>(
      PaymentsEvents.paymentSucceeded.subject,
      (e) => e.data.checkout_id === 'co-webhook',
    );
    expect(evt.data.amount_cents).toBe(1300);
  });

  it('refuses a webhook with a bad or missing signature, and changes nothing', async () => {
    await checkouts.create({
      _id: 'co-forged',
      consumer_id: 'u-9',
      status: 'requires_payment_method',
      amount_cents: 500,
      provider: 'stripe',
      payment_intent_id: 'pi_456',
      lines: [],
    });
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_456', amount: 500, metadata: { checkout_id: 'co-forged' } } },
    });
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await post(payload, wrongSecret)).status).toBe(400);
    const tampered = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await post(payload.replace('500', '1'), tampered)).status).toBe(400);
    expect(
      (await fetch(`${url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })).status,
    ).toBe(400);
    expect((await checkouts.findById('co-forged').lean<Checkout>())?.status).toBe('requires_payment_method');
  });

  it('does not pay a checkout when the paid amount differs from what is owed', async () => {
    await checkouts.create({
      _id: 'co-amount',
      consumer_id: 'u-9',
      status: 'requires_payment_method',
      amount_cents: 4200,
      provider: 'stripe',
      payment_intent_id: 'pi_789',
      lines: [],
    });
    const payload = JSON.stringify({
      id: 'evt_amount',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_789', amount: 100, metadata: { checkout_id: 'co-amount' } } },
    });
    await post(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect((await checkouts.findById('co-amount').lean<Checkout>())?.status).toBe('requires_payment_method');
  });

  it('does not pay a checkout on an event that carries no amount, or names another payment', async () => {
    await checkouts.create({
      _id: 'co-no-amount',
      consumer_id: 'u-9',
      status: 'requires_payment_method',
      amount_cents: 4200,
      provider: 'stripe',
      payment_intent_id: 'pi_noamount',
      lines: [],
    });
    const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const noAmount = JSON.stringify({
      id: 'evt_no_amount',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_noamount', metadata: { checkout_id: 'co-no-amount' } } },
    });
    expect(await (await post(noAmount, sign(noAmount))).json()).toMatchObject({ result: 'ignored' });
    const otherIntent = JSON.stringify({
      id: 'evt_other_intent',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_someone_else', amount: 4200, metadata: { checkout_id: 'co-no-amount' } } },
    });
    expect(await (await post(otherIntent, sign(otherIntent))).json()).toMatchObject({ result: 'ignored' });
    expect((await checkouts.findById('co-no-amount').lean<Checkout>())?.status).toBe('requires_payment_method');
  });
});
