import {
  ACCOUNT_MESSAGES,
  CartRpc,
  PaymentsRpc,
  ERASED_NAME,
  erasureBlockersRpc,
  exportPersonalDataRpc,
  OrderingRpc,
  type Actor,
  type PersonalDataPage,
} from '@popote/contracts';
import { eventually } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumer, cook, runJob, startStack, VISA, type Stack } from './stack';

/**
 * Ordering's and payments' part of the account lifecycle (ADR 0009, 0027): an order in progress blocks an erasure (French reason,
 * consumer and cook); the export lists orders, reviews and payments; the erasure, delivered twice,
 * keeps the accounting records under the id and removes names and comments. A payment under way
 * blocks it too, and an order that lands on an erased account anyway (it raced the check) is
 * cancelled and refunded. A cook's thousands of orders are exported page by page.
 */
describe('ordering and payments: blockers, export and erasure of a person', () => {
  let s: Stack;

  beforeAll(async () => {
    s = await startStack(__filename);
  });

  afterAll(async () => {
    await s?.stop();
  });

  it('blocks while an order is in progress, exports, then anonymises what accounting keeps', async () => {
    const buyer = consumer();
    const chef = cook(`cook-account-${Date.now()}`);
    const meal = await s.newMeal(chef.user_id, 5);
    const order = await s.buy(buyer, meal);
    const blockers = (user: Actor) => s.rpc.call(erasureBlockersRpc('ordering'), { user_id: user.user_id });
    expect((await blockers(buyer)).reasons).toEqual([ACCOUNT_MESSAGES.erasureBlockedOrder]);
    expect((await blockers(chef)).reasons).toEqual([ACCOUNT_MESSAGES.erasureBlockedCookOrder]);
    for (const to of ['confirmed', 'preparing', 'ready', 'delivered'] as const) {
      await s.rpc.call(OrderingRpc.changeStatus, { actor: chef, order_id: order._id, to });
    }
    expect((await blockers(buyer)).reasons).toEqual([]);
    expect((await blockers(chef)).reasons).toEqual([]);
    await s.rpc.call(OrderingRpc.submitReview, {
      actor: buyer,
      order_id: order._id,
      rating: 4,
      comment: 'Très bon, merci Zoé',
      consumer_name: 'Zoé M.',
    });

    const placed = await s.rpc.call(exportPersonalDataRpc('ordering'), { actor: buyer, email: 'x@popote.test' });
    expect(placed.sections['orders-placed']).toEqual([expect.objectContaining({ order_id: order._id, order_status: 'delivered' })]);
    expect(placed.sections['reviews-written']).toEqual([expect.objectContaining({ comment: 'Très bon, merci Zoé', rating: 4 })]);
    const received = await s.rpc.call(exportPersonalDataRpc('ordering'), { actor: chef, email: 'y@popote.test' });
    expect(received.sections['orders-received']).toEqual([expect.objectContaining({ order_id: order._id })]);
    const paid = await s.rpc.call(exportPersonalDataRpc('payments'), { actor: buyer, email: 'x@popote.test' });
    expect(paid.sections.payments).toEqual([expect.objectContaining({ _id: order.checkout_id, status: 'succeeded' })]);
    expect(JSON.stringify(paid)).not.toContain('client_secret');

    const ids = [await s.erase(buyer), await s.erase(chef)];
    // Every delivery applied, in both services (the second of each found nothing left to change).
    for (const db of [s.db('ordering'), s.db('payments')]) {
      await eventually(async () => {
        const n = await db.collection('processed_events').countDocuments({ consumer: { $regex: 'AccountErasure' } });
        return n >= ids.length * 2 ? true : undefined;
      }, 15_000);
    }
    const kept = await s.orders.findOne({ _id: order._id });
    expect(kept).toMatchObject({
      consumer_id: buyer.user_id,
      cook_id: chef.user_id,
      cook_name: ERASED_NAME,
      total_cents: order.total_cents,
    });
    const reviews = s.db('ordering').collection('reviews');
    const review = await reviews.findOne({ _id: order._id as never });
    expect(review).toMatchObject({ consumer_name: ERASED_NAME, comment: '', rating: 4 });
    const payments = s.db('payments').collection('checkouts');
    await eventually(async () => {
      const checkout = await payments.findOne({ _id: order.checkout_id as never });
      return checkout && checkout.client_secret === null && checkout.lines.every((l: { cook_name: string }) => l.cook_name === ERASED_NAME)
        ? checkout
        : undefined;
    }, 15_000);
  });

  const blockers = async (user: Actor) => [
    ...(await s.rpc.call(erasureBlockersRpc('payments'), { user_id: user.user_id })).reasons,
    ...(await s.rpc.call(erasureBlockersRpc('ordering'), { user_id: user.user_id })).reasons,
  ];
  const orderOf = (checkoutId: string) => eventually(() => s.orders.findOne({ checkout_id: checkoutId }), 20_000);
  /** Until the order is cancelled (the sweep runs every 15 s on its own; here it is also asked at once). */
  const cancelled = (orderId: string) =>
    eventually(async () => {
      await runJob(s.ordering(), 'erased-accounts-sweep');
      const order = await s.orders.findOne({ _id: orderId });
      return order?.order_status === 'cancelled' ? order : undefined;
    }, 20_000);
  const refunded = (orderId: string) =>
    eventually(async () => {
      const refund = await s.refunds.findOne({ _id: orderId });
      return refund?.status === 'made' ? refund : undefined;
    }, 20_000);

  it('a payment under way blocks the erasure; an order that lands on the erased account anyway is cancelled and refunded', async () => {
    const buyer = consumer();
    const chef = cook(`cook-race-${Date.now()}`);
    const meal = await s.newMeal(chef.user_id, 5);
    await s.rpc.call(CartRpc.addItem, { actor: buyer, meal_id: meal, quantity: 1 });
    const intent = await s.intent(buyer);
    // Reserved and payable: the erasure waits (the buyer can finish paying or let it expire).
    expect(await blockers(buyer)).toEqual([ACCOUNT_MESSAGES.erasureBlockedPayment]);

    // The race identity's check cannot close: the checkout made in the same instant as the erasure,
    // paid after it. The order that results is cancelled at once, and refunded.
    await s.erase(buyer);
    const erased = s.db('ordering').collection('erasedAccounts');
    await eventually(() => erased.findOne({ _id: buyer.user_id as never }), 15_000);
    await s.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: buyer, checkout_id: intent.checkout.checkout_id, card: VISA });
    const order = await orderOf(intent.checkout.checkout_id);
    expect(await cancelled(order._id)).toMatchObject({ cancel_reason: ACCOUNT_MESSAGES.orderCancelledBuyerErased });
    expect(await refunded(order._id)).toMatchObject({ amount_cents: order.total_cents });
    expect(await blockers(buyer)).toEqual([]);
  });

  it("a cook's open order found when the erasure is handled is cancelled and refunded; a paid order on its way blocks", async () => {
    const buyer = consumer();
    const chef = cook(`cook-erased-${Date.now()}`);
    const meal = await s.newMeal(chef.user_id, 5);
    const order = await s.buy(buyer, meal);
    // Paid, but ordering has not made the order yet: payments says so, for the buyer and the cook.
    const checkouts = s.db('payments').collection('checkouts');
    const onItsWay = `on-its-way-${Date.now()}`;
    await checkouts.insertOne({
      _id: onItsWay as never,
      consumer_id: buyer.user_id,
      status: 'succeeded',
      amount_cents: 1000,
      lines: [{ meal_id: meal, cook_id: chef.user_id, cook_name: 'x', name: 'y', unit_price_cents: 1000, quantity: 1 }],
      reconcile_pending: true,
    });
    expect(await blockers(buyer)).toEqual([ACCOUNT_MESSAGES.erasureBlockedPayment, ACCOUNT_MESSAGES.erasureBlockedOrder]);
    expect(await blockers(chef)).toEqual([ACCOUNT_MESSAGES.erasureBlockedCookPayment, ACCOUNT_MESSAGES.erasureBlockedCookOrder]);
    await checkouts.deleteOne({ _id: onItsWay as never });

    // Erased anyway (as if the order had landed right after identity's check): cancelled, refunded.
    await s.erase(chef);
    const done = await eventually(async () => {
      const o = await s.orders.findOne({ _id: order._id });
      return o?.order_status === 'cancelled' && o.cook_name === ERASED_NAME ? o : undefined;
    }, 20_000);
    expect(done).toMatchObject({ cancel_reason: ACCOUNT_MESSAGES.orderCancelledCookErased, cook_name: ERASED_NAME });
    await refunded(order._id);
  });

  it("exports a cook's thousands of orders page by page, each page under a NATS message, every order once", async () => {
    const chef = cook(`cook-busy-${Date.now()}`);
    const start = Date.now() - 30 * 86_400_000;
    const docs = Array.from({ length: 1500 }, (_, i) => ({
      _id: `busy-${chef.user_id}-${i}`,
      checkout_id: `busy-checkout-${i}`,
      consumer_id: `buyer-of-${i}`,
      consumer_name: 'Claire L.',
      cook_id: chef.user_id,
      cook_name: 'Amina',
      total_cents: 2400,
      order_status: 'delivered',
      delivery_option: 'pickup',
      stock_status: 'pending',
      items: [1, 2, 3].map((k) => ({
        order_item_id: `busy-${i}-${k}`,
        meal_id: `meal-${k}`,
        name: `Tajine de poulet aux citrons confits et aux olives n° ${k}`,
        quantity: 2,
        price_cents: 400,
      })),
      created_at: new Date(start + Math.floor(i / 2) * 60_000),
      updated_at: new Date(start),
    }));
    await s.orders.insertMany(docs as never[]);
    const all = await s.orders.countDocuments({ cook_id: chef.user_id });
    expect(all).toBe(docs.length);
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    const started = Date.now();
    do {
      const page: PersonalDataPage = await s.rpc.call(exportPersonalDataRpc('ordering'), { actor: chef, cursor });
      expect(JSON.stringify(page).length).toBeLessThan(600_000);
      pages++;
      for (const o of (page.sections['orders-received'] ?? []) as { order_id: string }[]) ids.push(o.order_id);
      cursor = page.next_cursor;
    } while (cursor);
    console.info(`${ids.length} orders exported in ${pages} pages, ${Date.now() - started} ms`);
    expect(pages).toBeGreaterThan(1);
    // In one reply this would be over NATS's 1 MB.
    expect(JSON.stringify(ids.length && docs).length).toBeGreaterThan(1_048_576);
    expect(ids).toHaveLength(all);
    expect(new Set(ids).size).toBe(all);
  });
});
