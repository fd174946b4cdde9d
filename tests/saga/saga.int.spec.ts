import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  CartRpc,
  CatalogueRpc,
  ORDER_MESSAGES,
  OrderingEvents,
  OrderingRpc,
  PaymentsEvents,
  PaymentsRpc,
  subjectOf,
  type Envelope,
} from '@popote/contracts';
import { metrics } from '@popote/platform';
import { eventually, findEvent, testNats } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumer, DECLINED, startStack, VISA, type Stack } from './stack';

describe('checkout saga: payment → orders per cook → stock → cart (real NATS JetStream + database)', () => {
  let stack: Stack;
  let nc: NatsConnection;

  beforeAll(async () => {
    stack = await startStack(__filename);
    nc = await testNats(stack.nats);
  });

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('a mixed-cook cart becomes two orders with the right totals; stock and cart follow', async () => {
    const actor = consumer();
    const tajineBefore = await stack.stock('demo-meal-tajine');
    const curryBefore = await stack.stock('demo-meal-curry');
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-tajine', quantity: 2 }); // amina, 12,50 €
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-curry', quantity: 1 }); // mei, 13,00 €
    const { intent, checkout } = await stack.pay(actor);
    expect(intent.checkout.amount_cents).toBe(2 * 1250 + 1300);
    expect(checkout.status).toBe('succeeded');
    const placed = await stack.settled(checkout.checkout_id, 2);
    const byCook = Object.fromEntries(placed.map((o) => [o.cook_id, o]));
    expect(byCook['demo-cook-amina']).toMatchObject({
      total_cents: 2500,
      order_status: 'pending',
      delivery_option: 'pickup',
      stock: 'committed',
    });
    expect(byCook['demo-cook-mei']).toMatchObject({ total_cents: 1300, stock: 'committed' });
    expect(byCook['demo-cook-amina'].items).toEqual([
      expect.objectContaining({ meal_id: 'demo-meal-tajine', quantity: 2, price_cents: 1250 }),
    ]);
    // The order-placed event names the dishes (the cook's email lists them).
    const placedEvent = await findEvent<{ cook_id: string; checkout_id: string; items: unknown[] }>(
      OrderingEvents.orderPlaced.subject,
      (e) => e.data.checkout_id === checkout.checkout_id && e.data.cook_id === 'demo-cook-amina',
    );
    expect(placedEvent.data.items).toEqual([
      { meal_id: 'demo-meal-tajine', name: 'Tajine de poulet aux citrons confits', quantity: 2, price_cents: 1250 },
    ]);
    expect(await stack.stock('demo-meal-tajine')).toBe(tajineBefore - 2);
    expect(await stack.stock('demo-meal-curry')).toBe(curryBefore - 1);
    const cart = await eventually(async () => {
      const c = await stack.rpc.call(CartRpc.getCart, { actor });
      return c.items.length === 0 ? c : undefined;
    });
    expect(cart.total_cents).toBe(0);
    const mine = await stack.rpc.call(OrderingRpc.consumerOrders, { actor });
    expect(mine.items.map((o) => o.total_cents).sort((a, b) => a - b)).toEqual([1300, 2500]);
    // Nobody else sees them.
    expect((await stack.rpc.call(OrderingRpc.consumerOrders, { actor: consumer() })).items).toEqual([]);
  });

  it('a payment event delivered twice still makes exactly one order per cook', async () => {
    const actor = consumer();
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bowl', quantity: 1 });
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-couscous', quantity: 1 });
    const { checkout } = await stack.pay(actor);
    const evt = await findEvent<{ checkout_id: string }>(
      PaymentsEvents.paymentSucceeded.subject,
      (e) => e.data.checkout_id === checkout.checkout_id,
    );
    const js = jetstream(nc);
    await js.publish(
      PaymentsEvents.paymentSucceeded.subject,
      JSON.stringify({ ...evt, id: `${evt.id}-redelivered` } satisfies Envelope<unknown>),
      { msgID: `${evt.id}-redelivered` },
    );
    const placed = await stack.settled(checkout.checkout_id, 2);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await stack.orders.countDocuments({ checkout_id: checkout.checkout_id })).toBe(2);
    expect(placed.every((o) => o.stock === 'committed')).toBe(true);
  });

  it('two consumers for the last portion: one reserves and pays, the other is refused before paying; no refund, stock never negative', async () => {
    const mealId = await stack.newMeal('cook-last', 1, 990);
    const [a, b] = [consumer(), consumer()];
    await stack.rpc.call(CartRpc.addItem, { actor: a, meal_id: mealId, quantity: 1 });
    await stack.rpc.call(CartRpc.addItem, { actor: b, meal_id: mealId, quantity: 1 });
    const outcomes = await Promise.allSettled([stack.pay(a), stack.pay(b)]);
    const paid = outcomes
      .filter((o) => o.status === 'fulfilled')
      .map((o) => (o as PromiseFulfilledResult<Awaited<ReturnType<Stack['pay']>>>).value);
    const refused = outcomes
      .filter((o) => o.status === 'rejected')
      .map((o) => (o as PromiseRejectedResult).reason as { code: string; message: string });
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(1);
    // Refused by the reservation (or by the cart's check once the card shows none left), in French.
    expect(refused[0]).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: expect.stringMatching(/Stock insuffisant/) });
    expect(paid[0].checkout.status).toBe('succeeded');
    const [order] = await stack.settled(paid[0].checkout.checkout_id, 1);
    expect(order.stock).toBe('committed');
    expect(await stack.stock(mealId)).toBe(0);
    expect(await stack.orders.countDocuments({ 'items.meal_id': mealId })).toBe(1);
    expect(await stack.refunds.countDocuments({ checkout_id: paid[0].checkout.checkout_id })).toBe(0);
  });

  it('a declined card creates no order and keeps the cart', async () => {
    const actor = consumer();
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bowl', quantity: 2 });
    const { checkout } = await stack.pay(actor, DECLINED);
    expect(checkout).toMatchObject({ status: 'requires_payment_method', last_error: 'Votre carte a été refusée.' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stack.orders.countDocuments({ checkout_id: checkout.checkout_id })).toBe(0);
    expect((await stack.rpc.call(CartRpc.getCart, { actor })).items.map((l) => l.quantity)).toEqual([2]);
    // The same checkout can then be paid with a good card.
    const retry = await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor, checkout_id: checkout.checkout_id, card: VISA });
    expect(retry.checkout.status).toBe('succeeded');
    await stack.settled(checkout.checkout_id, 1);
  });

  it('killing the catalogue while orders are placed loses nothing and applies nothing twice', async () => {
    const meals = [await stack.newMeal('cook-k1', 6), await stack.newMeal('cook-k2', 6)];
    const buyers = Array.from({ length: 4 }, consumer);
    for (const b of buyers) {
      await stack.rpc.call(CartRpc.addItem, { actor: b, meal_id: meals[0], quantity: 2 });
      await stack.rpc.call(CartRpc.addItem, { actor: b, meal_id: meals[1], quantity: 1 });
    }
    const intents = [];
    for (const b of buyers.slice(0, 3)) intents.push({ b, intent: await stack.intent(b) });
    // 3 × 2 of meal 0 (stock 6) are reserved: the fourth buyer is refused before paying.
    await expect(stack.intent(buyers[3])).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    // The catalogue goes down right before the payments: their order-placed events wait in JetStream.
    await stack.catalogue().close();
    for (const { b, intent } of intents)
      await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: b, checkout_id: intent.checkout.checkout_id, card: VISA });
    // Orders exist but the stock cannot be applied while the catalogue is down.
    await eventually(
      async () => (await stack.orders.countDocuments({ checkout_id: { $in: intents.map((i) => i.intent.checkout.checkout_id) } })) === 6,
    );
    expect(
      await stack.orders.countDocuments({
        checkout_id: { $in: intents.map((i) => i.intent.checkout.checkout_id) },
        stock_status: 'pending',
      }),
    ).toBe(6);
    await stack.restartCatalogue();
    const all = [];
    for (const { intent } of intents) all.push(...(await stack.settled(intent.checkout.checkout_id, 2)));
    const committed = (mealId: string) =>
      all
        .filter((o) => o.stock === 'committed')
        .flatMap((o) => o.items)
        .filter((i) => i.meal_id === mealId)
        .reduce((s, i) => s + i.quantity, 0);
    // Every reserved order commits once: meal 0 sold out exactly, meal 1 three of six; none rejected.
    expect(committed(meals[0])).toBe(6);
    expect(committed(meals[1])).toBe(3);
    expect(await stack.stock(meals[0])).toBe(0);
    expect(await stack.stock(meals[1])).toBe(3);
    expect(all.filter((o) => o.stock !== 'committed' || o.stock_status === 'rejected')).toHaveLength(0);
  });

  it('a buyer who cancels right after paying gets every portion back, even before the stock was applied', async () => {
    const mealId = await stack.newMeal('cook-quick-cancel', 5);
    const actor = consumer();
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: mealId, quantity: 2 });
    const { checkout } = await stack.pay(actor);
    const [order] = await eventually(async () => {
      const docs = await stack.orders.find({ checkout_id: checkout.checkout_id }).toArray();
      return docs.length === 1 ? docs : undefined;
    });
    // Cancelled at once: placed and cancelled travel on the cook's partition, applied in that order.
    await stack.rpc.call(OrderingRpc.cancelOrder, { actor, order_id: order._id, reason: '' });
    await stack.settled(checkout.checkout_id, 1);
    await eventually(async () => ((await stack.stock(mealId)) === 5 ? true : undefined));
    await new Promise((r) => setTimeout(r, 500));
    expect(await stack.stock(mealId)).toBe(5);
  });

  it('an order-placed delivered again (another event id, same order) takes its portions once', async () => {
    const mealId = await stack.newMeal('cook-redelivered', 4);
    const actor = consumer();
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: mealId, quantity: 3 });
    const { checkout } = await stack.pay(actor);
    const [order] = await stack.settled(checkout.checkout_id, 1);
    const placed = await findEvent<{ order_id: string; cook_id: string }>(
      OrderingEvents.orderPlaced.subject,
      (e) => e.data.order_id === order._id,
    );
    const again = { ...placed, id: `${placed.id}-again` };
    await jetstream(nc).publish(subjectOf(OrderingEvents.orderPlaced, placed.data as never), JSON.stringify(again), { msgID: again.id });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stack.stock(mealId)).toBe(1);
  });

  it('a cook editing portions does not undo the sales made while the form was open', async () => {
    const cookId = 'cook-editing';
    const mealId = await stack.newMeal(cookId, 10);
    const seen = await stack.stock(mealId); // the form loads 10
    await stack.buy(consumer(), mealId, 3); // meanwhile 3 are sold: 7 left
    const { meal } = await stack.rpc.call(CatalogueRpc.updateMeal, {
      actor: { user_id: cookId, user_type: 'cook' },
      meal_id: mealId,
      input: { name: 'Plat revu', description: 'Fait maison', price_cents: 1000, portions_available: 12, portions_seen: seen },
    });
    // The cook added 2 to what they saw: 7 + 2, not 12 (which would resell 3 sold portions).
    expect(meal.portions_available).toBe(9);
    expect(await stack.stock(mealId)).toBe(9);
  });

  it('reconciliation: a paid checkout whose orders were lost is announced again; a refund left due is made, once', async () => {
    const actor = consumer();
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-couscous', quantity: 1 }); // amina
    await stack.rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-curry', quantity: 1 }); // mei
    const { checkout } = await stack.pay(actor);
    const placed = await stack.settled(checkout.checkout_id, 2);
    // Simulate a lost payment-succeeded for one cook: its order vanishes from ordering's database.
    const lost = placed[0];
    await stack.orders.deleteOne({ _id: lost._id });
    const first = await stack.reconcile();
    expect(first.reannounced).toBeGreaterThanOrEqual(1);
    const again = await stack.settled(checkout.checkout_id, 2);
    expect(again.map((o) => o._id).sort()).toEqual(placed.map((o) => o._id).sort());

    // The buyer cancels the other order; its refund is made. Then pretend a crash left it 'due'.
    const other = placed[1];
    await stack.rpc.call(OrderingRpc.cancelOrder, { actor, order_id: other._id, reason: '' });
    const refund = await eventually(async () => {
      const r = await stack.refunds.findOne({ _id: other._id });
      return r?.status === 'made' ? r : undefined;
    });
    await stack.refunds.updateOne({ _id: other._id }, { $set: { status: 'due' } });
    const second = await stack.reconcile();
    expect(second.refunded).toBe(1);
    const made = await stack.refunds.findOne({ _id: other._id });
    expect(made?.status).toBe('made');
    // Same idempotency key at the provider: the same refund, not a second one.
    expect(made?.provider_refund_id).toBe(refund.provider_refund_id);
    expect(await stack.refunds.countDocuments({ checkout_id: checkout.checkout_id })).toBe(1);
    const third = await stack.reconcile();
    expect(third.refunded).toBe(0);
  });

  it('reconciliation closes orders still open a week after their slot: never confirmed → cancelled and refunded once; confirmed → picked up', async () => {
    const actor = consumer();
    // Two cooks of its own (the demo dishes run out over this file's tests).
    for (const cookId of ['cook-unattended-a', 'cook-unattended-b'])
      await stack.rpc.call(CartRpc.addItem, { actor, meal_id: await stack.newMeal(cookId, 5), quantity: 1 });
    const { checkout } = await stack.pay(actor);
    const [first, second] = await stack.settled(checkout.checkout_id, 2);
    // One cook confirmed theirs, the other never did; nobody marked either picked up.
    await stack.rpc.call(OrderingRpc.changeStatus, {
      actor: { user_id: first.cook_id, user_type: 'cook' },
      order_id: first._id,
      to: 'confirmed',
    });
    const checkouts = stack.db('payments').collection<{ _id: string }>('checkouts');
    const dueNow = () => checkouts.updateOne({ _id: checkout.checkout_id }, { $set: { reconcile_next_at: new Date(Date.now() - 1000) } });
    // Six days after the slot: left as they are.
    const slotEndedAgo = (ms: number) =>
      stack.orders.updateMany({ checkout_id: checkout.checkout_id } as never, { $set: { pickup_end: new Date(Date.now() - ms) } });
    await slotEndedAgo(6 * 24 * 3_600_000);
    await dueNow();
    expect((await stack.reconcile()).closed).toBe(0);
    expect((await stack.orders.findOne({ _id: first._id }))?.order_status).toBe('confirmed');
    // Eight days after: closed by the rule, the checkout settled in the same pass.
    await slotEndedAgo(8 * 24 * 3_600_000);
    await dueNow();
    const pass = await stack.reconcile();
    expect(pass.closed).toBe(2);
    expect((await stack.orders.findOne({ _id: first._id }))?.order_status).toBe('delivered');
    const cancelled = await stack.orders.findOne({ _id: second._id });
    expect(cancelled).toMatchObject({ order_status: 'cancelled', cancel_reason: ORDER_MESSAGES.neverConfirmed });
    const refund = await eventually(async () => {
      const r = await stack.refunds.findOne({ _id: second._id });
      return r?.status === 'made' ? r : undefined;
    });
    expect(refund.amount_cents).toBe(second.total_cents);
    expect(
      ((await checkouts.findOne({ _id: checkout.checkout_id }, { projection: { reconciled_at: 1 } })) as { reconciled_at?: Date } | null)
        ?.reconciled_at,
    ).toBeInstanceOf(Date);
    // Asked again (a replica, a retry): nothing closes twice, one refund for the order.
    const again = await stack.rpc.call(OrderingRpc.closeUnattended, { order_ids: [first._id, second._id] });
    expect(again.closed).toEqual([]);
    await new Promise((r) => setTimeout(r, 1000)); // order-cancelled's own refund attempt, if any, lands meanwhile
    expect(await stack.refunds.countDocuments({ _id: second._id })).toBe(1);
    expect((await stack.refunds.findOne({ _id: second._id }))?.provider_refund_id).toBe(refund.provider_refund_id);
  });

  it('reconciliation reads due checkouts only: 600 paid checkouts waiting for later do not hide a newer one that is due', async () => {
    // Paid, not settled, looked at again tomorrow (a slot next week, an order nobody marked picked up).
    const later = new Date(Date.now() + 24 * 3_600_000);
    const waiting = Array.from({ length: 600 }, (_, i) => ({
      _id: `co-waiting-${i}`,
      consumer_id: 'u-waiting',
      consumer_name: '',
      status: 'succeeded',
      amount_cents: 1000,
      lines: [
        { meal_id: 'demo-meal-curry', cook_id: 'demo-cook-mei', cook_name: 'mei', name: 'Curry', unit_price_cents: 1000, quantity: 1 },
      ],
      slots: [],
      provider: 'sandbox',
      reconcile_pending: true,
      reconcile_next_at: later,
      reconcile_checks: 3,
      reconciled_at: null,
      created_at: new Date(),
      updated_at: new Date(),
      _outbox: [],
      _outbox_pending: false,
    }));
    const checkouts = stack.db('payments').collection<{ _id: string }>('checkouts');
    await checkouts.insertMany(waiting);
    try {
      const actor = consumer();
      await stack.rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-curry', quantity: 1 });
      const { checkout } = await stack.pay(actor);
      const [placed] = await stack.settled(checkout.checkout_id, 1);
      await stack.orders.deleteOne({ _id: placed._id }); // its payment-succeeded lost
      const pass = await stack.reconcile();
      expect(pass.reannounced).toBeGreaterThanOrEqual(1);
      const [back] = await stack.settled(checkout.checkout_id, 1);
      expect(back._id).toBe(placed._id);
      // The waiting ones were not checked (nor asked of ordering): they are not due.
      expect(await checkouts.countDocuments({ _id: { $in: waiting.map((w) => w._id) }, reconcile_checks: 3 } as never)).toBe(600);
      expect(pass.overdue).toBe(0);
      // Two of them were paid three weeks ago and are still not settled: counted, for the alert.
      const weeksAgo = new Date(Date.now() - 21 * 24 * 3_600_000);
      await checkouts.updateMany({ _id: { $in: ['co-waiting-1', 'co-waiting-2'] } } as never, { $set: { created_at: weeksAgo } });
      expect((await stack.reconcile()).overdue).toBe(2);
      expect(await metrics.getSingleMetricAsString('popote_reconcile_overdue_checkouts')).toMatch(/popote_reconcile_overdue_checkouts 2$/m);
    } finally {
      await checkouts.deleteMany({ _id: { $in: waiting.map((w) => w._id) } } as never);
    }
  });
});
