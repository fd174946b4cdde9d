import { jetstream } from '@nats-io/jetstream';
import {
  ACCOUNT_MESSAGES,
  AccountEvents,
  ERASED_NAME,
  erasureBlockersRpc,
  exportPersonalDataRpc,
  OrderingRpc,
  subjectOf,
  type Actor,
} from '@popote/contracts';
import { makeEnvelope } from '@popote/platform';
import { eventually, testNats } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumer, cook, startStack, type Stack } from './stack';

/**
 * Ordering's and payments' part of issue 18: an order in progress blocks an erasure (French reason,
 * consumer and cook); the export lists orders, reviews and payments; the erasure, delivered twice,
 * keeps the accounting records under the id and removes names and comments.
 */
describe('ordering and payments: blockers, export and erasure of a person', () => {
  let s: Stack;

  beforeAll(async () => {
    s = await startStack(__filename);
  });

  afterAll(async () => {
    await s?.stop();
  });

  const erase = async (user: Actor) => {
    const nc = await testNats(s.nats);
    try {
      const js = jetstream(nc);
      const envelope = makeEnvelope(AccountEvents.erasureRequested, {
        user_id: user.user_id,
        email: `${user.user_id}@popote.test`,
        names: [],
        requested_at: new Date().toISOString(),
      });
      const subject = subjectOf(AccountEvents.erasureRequested, envelope.data);
      await js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
      await js.publish(subject, JSON.stringify({ ...envelope, id: `${envelope.id}-again` }), { msgID: `${envelope.id}-again` });
      return envelope.id;
    } finally {
      await nc.close();
    }
  };

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

    const ids = [await erase(buyer), await erase(chef)];
    // Every delivery applied, in both services (the second of each found nothing left to change).
    for (const db of [s.orders.db, s.refunds.db]) {
      await eventually(async () => {
        const n = await db.collection('processed_events').countDocuments({ consumer: { $regex: 'AccountErasure' } });
        return n >= ids.length * 2 ? true : undefined;
      }, 15_000);
    }
    const kept = await s.orders.findById(order._id).lean();
    expect(kept).toMatchObject({
      consumer_id: buyer.user_id,
      cook_id: chef.user_id,
      cook_name: ERASED_NAME,
      total_cents: order.total_cents,
    });
    const review = await s.orders.db.collection('reviews').findOne({ _id: order._id as never });
    expect(review).toMatchObject({ consumer_name: ERASED_NAME, comment: '', rating: 4 });
    const payments = s.refunds.db.collection('checkouts');
    await eventually(async () => {
      const checkout = await payments.findOne({ _id: order.checkout_id as never });
      return checkout && checkout.client_secret === null && checkout.lines.every((l: { cook_name: string }) => l.cook_name === ERASED_NAME)
        ? checkout
        : undefined;
    }, 15_000);
  });
});
