import type { INestApplication } from '@nestjs/common';
import { chooseSlotsGql, eventually, GqlSession } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { markEmailVerified } from '../../services/identity/test/fixtures';
import { newAccount } from './support/accounts';
import { bffConfig, startBff, startServices, type Services } from './support/services';

describe('bff: cart → checkout → orders, as a browser does it', () => {
  const apps: INestApplication[] = [];
  let url: string;
  let me: GqlSession;
  let identity: INestApplication;
  const gql = (query: string, variables: Record<string, unknown> = {}) => me.gql(query, variables);
  /** A graphql-ws client carrying the user's cookies, as a browser's WebSocket would. */
  const subscribe = (session: GqlSession, query: string) => {
    const received: any[] = [];
    const errors: unknown[] = [];
    const client = createClient({
      url: url.replace('http', 'ws') + '/graphql',
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: { cookie: session.cookieHeader() } });
        }
      },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: (e) => errors.push(e),
      on: { closed: (e) => errors.push(e) },
    });
    const dispose = client.subscribe(
      { query },
      { next: (v) => received.push(v.data), error: (e) => errors.push(e), complete: () => undefined },
    );
    return {
      received,
      errors,
      stop: async () => {
        dispose();
        await client.dispose();
      },
    };
  };

  let stack: Services;

  beforeAll(async () => {
    stack = await startServices(__filename, { seed: true, only: ['identity', 'catalogue', 'cart', 'ordering', 'payments'] });
    identity = stack.apps.identity!;
    const bff = await startBff(bffConfig(stack.bffEnv()));
    apps.push(bff.app);
    url = bff.url;
    me = new GqlSession(url);
  });

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await stack?.close();
  });

  it('refuses the cart and checkout to a visitor', async () => {
    const res = await gql('mutation { addToCart(meal_id: "demo-meal-bowl") { item_count } }');
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('pays a two-cook cart with the sandbox card and shows two pending orders', async () => {
    await gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', { i: newAccount('buyer', 'consumer', 'Claire') });
    await markEmailVerified(identity); // paying needs a confirmed address
    expect((await gql('mutation { startCheckout { item_count } }')).errors?.[0].message).toBe('Votre panier est vide');
    await gql('mutation { addToCart(meal_id: "demo-meal-bowl", quantity: 2) { item_count } }');
    const cart = await gql(
      'mutation { addToCart(meal_id: "demo-meal-quiche") { item_count subtotal_cents total_cents items { meal { name cook_name } } } }',
    );
    expect(cart.data.addToCart).toMatchObject({ item_count: 3, subtotal_cents: 2 * 1050 + 650, total_cents: 2 * 1050 + 650 });
    expect((await gql('mutation { startCheckout { total_cents } }')).data.startCheckout.total_cents).toBe(2750);
    // No pick-up slot chosen: refused, in French.
    const noSlot = await gql('mutation { createPaymentIntent { client_secret } }');
    expect(noSlot.errors?.[0].message).toBe('Choisissez un créneau de retrait pour chaque cuisinier de votre panier.');
    const slots = await chooseSlotsGql(me);
    expect(slots).toHaveLength(2);
    const intent = await gql(
      'mutation($s: [ChosenSlotInput!]!) { createPaymentIntent(slots: $s) { client_secret checkout { checkout_id amount_cents provider lines { name quantity } slots { cook_id start end } } } }',
      { s: slots },
    );
    expect(intent.data.createPaymentIntent.checkout).toMatchObject({ amount_cents: 2750, provider: 'sandbox' });
    expect(intent.data.createPaymentIntent.checkout.slots.map((x: { start: string }) => x.start).sort()).toEqual(
      slots.map((x) => x.start).sort(),
    );
    const id = intent.data.createPaymentIntent.checkout.checkout_id;
    const declined = await gql(
      'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4000000000000002", exp_month: 12, exp_year: 2034, cvc: "123"}) { status last_error } }',
      { id },
    );
    expect(declined.data.confirmSandboxPayment).toEqual({ status: 'requires_payment_method', last_error: 'Votre carte a été refusée.' });
    const paid = await gql(
      'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
      { id },
    );
    expect(paid.data.confirmSandboxPayment.status).toBe('succeeded');
    const orders = await eventually(async () => {
      const r = await gql(
        '{ myOrders { order_id order_status total_cents cook_name delivery_option pickup_start pickup_address { city } items { name quantity price_cents } } }',
      );
      return r.data?.myOrders?.length === 2 ? r.data.myOrders : undefined;
    });
    expect(orders.map((o: { total_cents: number }) => o.total_cents).sort((a: number, b: number) => a - b)).toEqual([650, 2100]);
    expect(
      orders.every(
        (o: { order_status: string; delivery_option: string }) => o.order_status === 'pending' && o.delivery_option === 'pickup',
      ),
    ).toBe(true);
    // Each order carries its slot; the pick-up address stays hidden until the cook confirms.
    expect(orders.map((o: { pickup_start: string }) => o.pickup_start).sort()).toEqual(slots.map((x) => x.start).sort());
    expect(orders.every((o: { pickup_address: unknown }) => o.pickup_address === null)).toBe(true);
    const cartAfter = await eventually(async () => {
      const r = await gql('{ cart { item_count } }');
      return r.data.cart.item_count === 0 ? r.data.cart : undefined;
    });
    expect(cartAfter.item_count).toBe(0);
  });

  it('pushes status changes live to the consumer who owns the order, and refuses anonymous subscribers', async () => {
    const anonymous = subscribe(new GqlSession(url), 'subscription { orderUpdated { order_id order_status } }');
    await eventually(() => anonymous.errors.length > 0);
    await anonymous.stop();
    const live = subscribe(me, 'subscription { orderUpdated { order_id from order_status } }');
    await new Promise((r) => setTimeout(r, 500));
    const { data } = await gql('{ myOrders { order_id cook_id } }');
    const quiche = data.myOrders.find((o: { cook_id: string }) => o.cook_id === 'demo-cook-lucas');
    const lucas = new GqlSession(url);
    await lucas.gql('mutation { signIn(email: "lucas@popote.test", password: "popote123") { user { user_id } } }');
    const mei = new GqlSession(url);
    await mei.gql('mutation { signIn(email: "mei@popote.test", password: "popote123") { user { user_id } } }');
    const notHers = await mei.gql('mutation($id: ID!) { changeOrderStatus(order_id: $id, to: confirmed) { order_status } }', {
      id: quiche.order_id,
    });
    expect(notHers.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const confirmed = await lucas.gql('mutation($id: ID!) { changeOrderStatus(order_id: $id, to: confirmed) { order_status } }', {
      id: quiche.order_id,
    });
    expect(confirmed.data.changeOrderStatus.order_status).toBe('confirmed');
    const update = await eventually(() =>
      live.received.find((u) => u.orderUpdated.order_id === quiche.order_id && u.orderUpdated.order_status === 'confirmed'),
    );
    expect(update.orderUpdated.from).toBe('pending');
    const cookOrders = await lucas.gql('{ cookOrders { order_id order_status } cookStats { pending_orders total_customers } }');
    expect(cookOrders.data.cookOrders.map((o: { order_id: string }) => o.order_id)).toContain(quiche.order_id);
    expect(cookOrders.data.cookStats.pending_orders).toBeGreaterThanOrEqual(1);
    expect((await gql('{ cookStats { pending_orders } }')).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    await live.stop();
  });
});
