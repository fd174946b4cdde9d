import { CatalogueRpc, IdentityRpc, OrderingRpc, PaymentsEvents, type Actor } from '@popote/contracts';
import { eventually, expectDomainError, findEvent } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumer, cook, startStack, type Stack } from './stack';

describe('order lifecycle, reviews and cook stats', () => {
  let s: Stack;
  const status = (actor: Actor, order_id: string, to: 'confirmed' | 'preparing' | 'ready' | 'delivered' | 'pending') =>
    s.rpc.call(OrderingRpc.changeStatus, { actor, order_id, to });

  beforeAll(async () => {
    s = await startStack(__filename);
  });

  afterAll(async () => {
    await s?.stop();
  });

  it('the cook moves an order pending → confirmed → preparing → ready → delivered, one step at a time', async () => {
    const buyer = consumer();
    const chef = cook('cook-life-1');
    const meal = await s.newMeal(chef.user_id, 5);
    const order = await s.buy(buyer, meal);
    expect(order.order_status).toBe('pending');
    const skip = await expectDomainError(status(chef, order._id, 'ready'));
    expect(skip).toMatchObject({ code: 'CONFLICT', message: 'Impossible : la commande est « En attente de confirmation »' });
    expect((await expectDomainError(status(buyer, order._id, 'confirmed'))).code).toBe('FORBIDDEN');
    expect((await expectDomainError(status(cook('someone-else'), order._id, 'confirmed'))).code).toBe('FORBIDDEN');
    for (const to of ['confirmed', 'preparing', 'ready', 'delivered'] as const) {
      expect((await status(chef, order._id, to)).order.order_status).toBe(to);
    }
    expect((await expectDomainError(status(chef, order._id, 'pending'))).code).toBe('CONFLICT');
    expect(
      (await expectDomainError(s.rpc.call(OrderingRpc.cancelOrder, { actor: chef, order_id: order._id, reason: 'trop tard' }))).message,
    ).toBe('Impossible : la commande est « Récupérée »');
  });

  it('the consumer cancels while pending only: the stock comes back and the payment is refunded, once', async () => {
    const buyer = consumer();
    const chef = cook('cook-life-2');
    const meal = await s.newMeal(chef.user_id, 5, 750);
    const order = await s.buy(buyer, meal, 2);
    expect(await s.stock(meal)).toBe(3);
    const cancelled = await s.rpc.call(OrderingRpc.cancelOrder, { actor: buyer, order_id: order._id });
    expect(cancelled.order).toMatchObject({ order_status: 'cancelled', cancel_reason: 'Annulée par le client' });
    await eventually(async () => (await s.stock(meal)) === 5);
    const refund = await findEvent<{ order_id: string; amount_cents: number }>(
      PaymentsEvents.refundIssued.subject,
      (e) => e.data.order_id === order._id,
    );
    expect(refund.data.amount_cents).toBe(1500);
    expect((await expectDomainError(s.rpc.call(OrderingRpc.cancelOrder, { actor: buyer, order_id: order._id }))).code).toBe('CONFLICT');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await s.stock(meal)).toBe(5);

    const confirmed = await s.buy(buyer, meal, 1);
    await status(chef, confirmed._id, 'confirmed');
    expect((await expectDomainError(s.rpc.call(OrderingRpc.cancelOrder, { actor: buyer, order_id: confirmed._id }))).message).toMatch(
      /en attente de confirmation/,
    );
  });

  it('the cook cancels any order not yet delivered, with a reason', async () => {
    const buyer = consumer();
    const chef = cook('cook-life-3');
    const meal = await s.newMeal(chef.user_id, 3);
    const order = await s.buy(buyer, meal, 1);
    await status(chef, order._id, 'confirmed');
    await status(chef, order._id, 'preparing');
    expect(
      (await expectDomainError(s.rpc.call(OrderingRpc.cancelOrder, { actor: chef, order_id: order._id, reason: '  ' }))).fields?.reason,
    ).toBe("Veuillez indiquer la raison de l'annulation");
    const res = await s.rpc.call(OrderingRpc.cancelOrder, { actor: chef, order_id: order._id, reason: 'Four en panne' });
    expect(res.order).toMatchObject({ order_status: 'cancelled', cancel_reason: 'Four en panne' });
    await eventually(async () => (await s.stock(meal)) === 3);
  });

  it('reviews: only the consumer of a delivered order, once; meal and cook ratings follow', async () => {
    const chef = cook('demo-cook-lucas');
    const meal = await s.newMeal(chef.user_id, 10);
    const [a, b] = [consumer(), consumer()];
    const oa = await s.buy(a, meal);
    const ob = await s.buy(b, meal);
    expect((await expectDomainError(s.rpc.call(OrderingRpc.submitReview, { actor: a, order_id: oa._id, rating: 5 }))).message).toBe(
      'Vous pourrez noter cette commande une fois récupérée',
    );
    for (const o of [oa, ob]) for (const to of ['confirmed', 'preparing', 'ready', 'delivered'] as const) await status(chef, o._id, to);
    expect((await expectDomainError(s.rpc.call(OrderingRpc.submitReview, { actor: b, order_id: oa._id, rating: 5 }))).code).toBe(
      'NOT_FOUND',
    );
    const badRating = await expectDomainError(
      s.rpc.call({ ...OrderingRpc.submitReview, request: (await import('zod')).z.any() } as never, {
        actor: a,
        order_id: oa._id,
        rating: 6,
        comment: '',
        consumer_name: '',
      }),
    );
    expect(badRating.fields?.rating).toBe('La note doit être comprise entre 1 et 5');
    await s.rpc.call(OrderingRpc.submitReview, { actor: a, consumer_name: 'Alice', order_id: oa._id, rating: 5, comment: 'Délicieux !' });
    expect((await expectDomainError(s.rpc.call(OrderingRpc.submitReview, { actor: a, order_id: oa._id, rating: 1 }))).message).toBe(
      'Vous avez déjà noté cette commande',
    );
    await s.rpc.call(OrderingRpc.submitReview, { actor: b, order_id: ob._id, rating: 3 });
    const rated = await eventually(async () => {
      const m = (await s.rpc.call(CatalogueRpc.getMeal, { meal_id: meal })).meal!;
      return m.rating_count === 2 ? m : undefined;
    });
    expect(rated.rating_average).toBe(4);
    const lucas = await eventually(async () => {
      const c = (await s.rpc.call(IdentityRpc.getCook, { cook_id: 'demo-cook-lucas' })).cook!;
      return c.total_reviews === 2 ? c : undefined;
    });
    expect(lucas.rating_average).toBe(4);
    const reviews = await s.rpc.call(OrderingRpc.cookReviews, { cook_id: 'demo-cook-lucas' });
    expect(reviews.items.map((r) => r.rating).sort()).toEqual([3, 5]);
    expect(reviews.items.find((r) => r.rating === 5)).toMatchObject({ consumer_name: 'Alice', comment: 'Délicieux !' });
  });

  it('a cook cannot review an order of their own dishes (no self-awarded stars)', async () => {
    const chef = cook('cook-self-review');
    const meal = await s.newMeal(chef.user_id, 5);
    const buyer = consumer();
    const order = await s.buy(buyer, meal);
    for (const to of ['confirmed', 'preparing', 'ready', 'delivered'] as const) await status(chef, order._id, to);
    // An order whose buyer is its cook (as data from before the cart refused it could hold).
    // (Retried: the outbox relay may write the order back meanwhile; FerretDB rewrites whole documents.)
    await eventually(async () => {
      await s.orders.updateOne({ _id: order._id }, { $set: { consumer_id: chef.user_id } });
      await new Promise((r) => setTimeout(r, 300));
      return (await s.orders.findOne({ _id: order._id }))?.consumer_id === chef.user_id;
    });
    for (const user_type of ['cook', 'consumer'] as const) {
      const err = await expectDomainError(
        s.rpc.call(OrderingRpc.submitReview, { actor: { user_id: chef.user_id, user_type }, order_id: order._id, rating: 5 }),
      );
      expect(err).toMatchObject({ code: 'FORBIDDEN', message: 'Vous ne pouvez pas noter vos propres plats' });
    }
    expect((await s.rpc.call(OrderingRpc.cookReviews, { cook_id: chef.user_id })).items).toEqual([]);
  });

  it('computes the cook’s dashboard figures from their orders and reviews', async () => {
    const chef = cook('cook-stats');
    const m1 = await s.newMeal(chef.user_id, 20, 1000);
    const m2 = await s.newMeal(chef.user_id, 20, 500);
    const [a, b] = [consumer(), consumer()];
    const o1 = await s.buy(a, m1, 2); // 20 €
    const o2 = await s.buy(b, m2, 3); // 15 €
    const o3 = await s.buy(a, m2, 1); // 5 €, then cancelled: not counted
    await s.rpc.call(OrderingRpc.cancelOrder, { actor: a, order_id: o3._id });
    for (const to of ['confirmed', 'preparing', 'ready', 'delivered'] as const) await status(chef, o1._id, to);
    await status(chef, o2._id, 'confirmed');
    await s.rpc.call(OrderingRpc.submitReview, { actor: a, order_id: o1._id, rating: 4 });
    const stats = await s.rpc.call(OrderingRpc.cookStats, { actor: chef });
    expect(stats).toMatchObject({
      monthly_earnings_cents: 3500,
      pending_orders: 1,
      total_customers: 2,
      average_rating: 4,
      total_reviews: 1,
    });
    expect(stats.earnings_by_day).toHaveLength(30);
    expect(stats.earnings_by_day.at(-1)!.cents).toBe(3500);
    expect(stats.best_sellers.map((b) => [b.meal_id, b.quantity])).toEqual([
      [m2, 3],
      [m1, 2],
    ]);
    const mine = await s.rpc.call(OrderingRpc.cookOrders, { actor: chef });
    expect(mine.items.map((o) => o.order_id)).toEqual([o3._id, o2._id, o1._id]);
  });
});
