import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { CartRpc, CatalogueRpc, OrderingRpc, PaymentsEvents, PaymentsRpc, type Actor, type Envelope } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { eventually, findEvent, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import type { Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as CartModule } from '../../cart/src/app.module';
import { cartConfig } from '../../cart/src/config';
import { AppModule as CatalogueModule } from '../../catalogue/src/app.module';
import { catalogueConfig } from '../../catalogue/src/config';
import { seedCatalogue } from '../../catalogue/src/seed/seed';
import { AppModule as PaymentsModule } from '../../payments/src/app.module';
import { paymentsConfig } from '../../payments/src/config';
import { AppModule } from '../src/app.module';
import { orderingConfig } from '../src/config';
import { Order } from '../src/orders/order.schema';

const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
let n = 0;
const consumer = (): Actor => ({ user_id: `buyer-${++n}-${Date.now()}`, user_type: 'consumer' });
const cook = (id: string): Actor => ({ user_id: id, user_type: 'cook' });

describe('checkout saga: payment → orders per cook → stock → cart (real NATS JetStream + database)', () => {
  let catalogue: INestApplication;
  const others: INestApplication[] = [];
  let rpc: RpcClient;
  let nc: NatsConnection;
  let catalogueEnv: NodeJS.ProcessEnv;
  let orders: Model<Order>;

  const stock = async (mealId: string) => (await rpc.call(CatalogueRpc.getMeal, { meal_id: mealId })).meal!.portions_available;
  const newMeal = async (cookId: string, portions: number, price = 1000) =>
    (await rpc.call(CatalogueRpc.createMeal, {
      actor: cook(cookId), cook_name: cookId,
      input: { name: `Plat ${cookId} ${++n}`, description: 'Fait maison', price_cents: price, portions_available: portions, ingredients: ['Riz'], allergens: [], category: 'healthy', preparation_time: 10, available_date: new Date().toISOString(), cooking_details: '', serving_suggestions: '', dietary_info: '', storage_instructions: '' },
    })).meal.meal_id;
  const pay = async (actor: Actor, card = VISA) => {
    const intent = await rpc.call(PaymentsRpc.createPaymentIntent, { actor });
    const { checkout } = await rpc.call(PaymentsRpc.confirmSandboxPayment, { actor, checkout_id: intent.checkout.checkout_id, card });
    return { intent, checkout };
  };
  const settled = (checkoutId: string, count: number) =>
    eventually(async () => {
      const docs = await orders.find({ checkout_id: checkoutId }).lean<Order[]>();
      return docs.length === count && docs.every((o) => o.stock_status !== 'pending') ? docs : undefined;
    }, 20_000);
  const startCatalogue = () => startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(catalogueEnv)), catalogueEnv.NATS_URL!);

  beforeAll(async () => {
    await resetJetStream();
    catalogueEnv = serviceEnv('catalogue', __filename);
    catalogue = await startCatalogue();
    await seedCatalogue(catalogueEnv);
    const c = cartConfig(serviceEnv('cart', __filename));
    others.push(await startServiceApp('cart', CartModule.forRoot(c), c.NATS_URL));
    const o = orderingConfig(serviceEnv('ordering', __filename));
    const orderingApp = await startServiceApp('ordering', AppModule.forRoot(o), o.NATS_URL);
    others.push(orderingApp);
    orders = orderingApp.get(getModelToken(Order.name));
    const p = paymentsConfig(serviceEnv('payments', __filename));
    others.push(await startServiceApp('payments', PaymentsModule.forRoot(p), p.NATS_URL));
    rpc = new RpcClient(c.NATS_URL, 'test');
    await rpc.connect();
    nc = await connect({ servers: c.NATS_URL });
  });

  afterAll(async () => {
    await nc?.close();
    await rpc?.close();
    for (const app of [...others].reverse()) await app.close();
    await catalogue?.close();
  });

  it('a mixed-cook cart becomes two orders with the right totals; stock and cart follow', async () => {
    const actor = consumer();
    const tajineBefore = await stock('demo-meal-tajine');
    const curryBefore = await stock('demo-meal-curry');
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-tajine', quantity: 2 }); // amina, 12,50 €
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-curry', quantity: 1 }); // mei, 13,00 €
    const { intent, checkout } = await pay(actor);
    expect(intent.checkout.amount_cents).toBe(2 * 1250 + 1300);
    expect(checkout.status).toBe('succeeded');
    const placed = await settled(checkout.checkout_id, 2);
    const byCook = Object.fromEntries(placed.map((o) => [o.cook_id, o]));
    expect(byCook['demo-cook-amina']).toMatchObject({ total_cents: 2500, order_status: 'pending', delivery_option: 'pickup', stock_status: 'committed' });
    expect(byCook['demo-cook-mei']).toMatchObject({ total_cents: 1300, stock_status: 'committed' });
    expect(byCook['demo-cook-amina'].items).toEqual([expect.objectContaining({ meal_id: 'demo-meal-tajine', quantity: 2, price_cents: 1250 })]);
    expect(await stock('demo-meal-tajine')).toBe(tajineBefore - 2);
    expect(await stock('demo-meal-curry')).toBe(curryBefore - 1);
    const cart = await eventually(async () => {
      const c = await rpc.call(CartRpc.getCart, { actor });
      return c.items.length === 0 ? c : undefined;
    });
    expect(cart.total_cents).toBe(0);
    const mine = await rpc.call(OrderingRpc.consumerOrders, { actor });
    expect(mine.items.map((o) => o.total_cents).sort((a, b) => a - b)).toEqual([1300, 2500]);
    // Nobody else sees them.
    expect((await rpc.call(OrderingRpc.consumerOrders, { actor: consumer() })).items).toEqual([]);
  });

  it('a payment event delivered twice still makes exactly one order per cook', async () => {
    const actor = consumer();
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bowl', quantity: 1 });
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-couscous', quantity: 1 });
    const { checkout } = await pay(actor);
    const evt = await findEvent<{ checkout_id: string }>(PaymentsEvents.paymentSucceeded.subject, (e) => e.data.checkout_id === checkout.checkout_id);
    const js = jetstream(nc);
    await js.publish(PaymentsEvents.paymentSucceeded.subject, JSON.stringify({ ...evt, id: `${evt.id}-redelivered` } satisfies Envelope<unknown>), { msgID: `${evt.id}-redelivered` });
    const placed = await settled(checkout.checkout_id, 2);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await orders.countDocuments({ checkout_id: checkout.checkout_id })).toBe(2);
    expect(placed.every((o) => o.stock_status === 'committed')).toBe(true);
  });

  it('two consumers paying for the last portion: one order, the other cancelled and refunded, stock never negative', async () => {
    const mealId = await newMeal('cook-last', 1, 990);
    const [a, b] = [consumer(), consumer()];
    await rpc.call(CartRpc.addItem, { actor: a, meal_id: mealId, quantity: 1 });
    await rpc.call(CartRpc.addItem, { actor: b, meal_id: mealId, quantity: 1 });
    const [pa, pb] = await Promise.all([pay(a), pay(b)]);
    expect(pa.checkout.status).toBe('succeeded');
    expect(pb.checkout.status).toBe('succeeded');
    const [oa] = await settled(pa.checkout.checkout_id, 1);
    const [ob] = await settled(pb.checkout.checkout_id, 1);
    const outcomes = [oa, ob].map((o) => o.stock_status).sort();
    expect(outcomes).toEqual(['committed', 'rejected']);
    const loser = oa.stock_status === 'rejected' ? oa : ob;
    expect(loser).toMatchObject({ order_status: 'cancelled', cancel_reason: 'stock' });
    expect(await stock(mealId)).toBe(0);
    const refund = await findEvent<{ order_id: string; amount_cents: number }>(PaymentsEvents.refundIssued.subject, (e) => e.data.order_id === loser._id);
    expect(refund.data.amount_cents).toBe(990);
  });

  it('a declined card creates no order and keeps the cart', async () => {
    const actor = consumer();
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bowl', quantity: 2 });
    const { checkout } = await pay(actor, DECLINED);
    expect(checkout).toMatchObject({ status: 'requires_payment_method', last_error: 'Votre carte a été refusée.' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await orders.countDocuments({ checkout_id: checkout.checkout_id })).toBe(0);
    expect((await rpc.call(CartRpc.getCart, { actor })).items.map((l) => l.quantity)).toEqual([2]);
    // The same checkout can then be paid with a good card.
    const retry = await rpc.call(PaymentsRpc.confirmSandboxPayment, { actor, checkout_id: checkout.checkout_id, card: VISA });
    expect(retry.checkout.status).toBe('succeeded');
    await settled(checkout.checkout_id, 1);
  });

  it('killing the catalogue while orders are placed loses nothing and applies nothing twice', async () => {
    const meals = [await newMeal('cook-k1', 6), await newMeal('cook-k2', 6)];
    const buyers = Array.from({ length: 4 }, consumer);
    for (const b of buyers) {
      await rpc.call(CartRpc.addItem, { actor: b, meal_id: meals[0], quantity: 2 });
      await rpc.call(CartRpc.addItem, { actor: b, meal_id: meals[1], quantity: 1 });
    }
    const intents = [];
    for (const b of buyers) intents.push({ b, intent: await rpc.call(PaymentsRpc.createPaymentIntent, { actor: b }) });
    // The catalogue goes down right before the payments: their order-placed events wait in JetStream.
    await catalogue.close();
    for (const { b, intent } of intents) await rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: b, checkout_id: intent.checkout.checkout_id, card: VISA });
    // Orders exist but the stock cannot be applied while the catalogue is down.
    await eventually(async () => (await orders.countDocuments({ checkout_id: { $in: intents.map((i) => i.intent.checkout.checkout_id) } })) === 8);
    expect(await orders.countDocuments({ checkout_id: { $in: intents.map((i) => i.intent.checkout.checkout_id) }, stock_status: 'pending' })).toBe(8);
    catalogue = await startCatalogue();
    const all = [];
    for (const { intent } of intents) all.push(...(await settled(intent.checkout.checkout_id, 2)));
    const committed = (mealId: string) => all.filter((o) => o.stock_status === 'committed').flatMap((o) => o.items).filter((i) => i.meal_id === mealId).reduce((s, i) => s + i.quantity, 0);
    // 4 buyers × 2 of meal 0 (stock 6): three committed, one rejected; meal 1: all four committed.
    expect(committed(meals[0])).toBe(6);
    expect(committed(meals[1])).toBe(4);
    expect(await stock(meals[0])).toBe(0);
    expect(await stock(meals[1])).toBe(2);
    expect(all.filter((o) => o.stock_status === 'rejected')).toHaveLength(1);
  });
});
