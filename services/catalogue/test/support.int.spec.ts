import { randomUUID } from 'node:crypto';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { getConnectionToken } from '@nestjs/mongoose';
import { CatalogueRpc, OrderingEvents, PickupRpc, subjectOf, SupportRpc, type EventContract } from '@popote/contracts';
import { makeEnvelope, orderIdOf, type RpcClient } from '@popote/platform';
import { eventually, resetJetStream, serviceEnv, serviceUnderTest, type ServiceUnderTest } from '@popote/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { dayDish } from './day-dish';
import { rules } from './pickup-rules';

const LYON_1 = ['69001', '69381'] as const;

/**
 * The catalogue's part of an order's story for the support console, told from what the real paths
 * store: a checkout's reservation of portions and place, given back or taken by its order (the stock
 * worker applying order-placed), then given back by its cancellation (order-cancelled).
 */
describe('catalogue: the support console reads an order’s reservation and what became of it', () => {
  const cook = { user_id: `support-cook-${randomUUID().slice(0, 8)}`, user_type: 'cook' as const };
  let under: ServiceUnderTest;
  let rpc: RpcClient;
  let js: JetStreamClient;
  let db: Connection;
  let mealId: string;

  const publish = async <T>(contract: EventContract<T>, data: T) => {
    const envelope = makeEnvelope(contract, data);
    await js.publish(subjectOf(contract, data), JSON.stringify(envelope), { msgID: envelope.id });
  };
  /** A checkout of 2 portions in the cook's first slot, reserved as payments asks for it. */
  const reserve = async () => {
    const checkoutId = `checkout-${randomUUID()}`;
    const { slots } = await rpc.call(PickupRpc.pickupSlots, { cook_id: cook.user_id, meal_ids: [mealId], portions: 2 });
    const held = await rpc.call(PickupRpc.reserveCheckout, {
      checkout_id: checkoutId,
      consumer_id: 'support-buyer',
      lines: [{ meal_id: mealId, quantity: 2 }],
      slots: [{ cook_id: cook.user_id, start: slots[0]!.start }],
    });
    return { checkoutId, orderId: orderIdOf(checkoutId, cook.user_id), slot: held.slots[0]! };
  };
  const story = async (orderId: string, checkoutId: string) =>
    (await rpc.call(SupportRpc.catalogueStory, { order_id: orderId, checkout_id: checkoutId })).entries;
  const application = (orderId: string) => db.collection('stockApplications').findOne({ _id: orderId as never });

  beforeAll(async () => {
    await resetJetStream();
    const config = catalogueConfig(serviceEnv('catalogue', __filename));
    ({ rpc } = under = await serviceUnderTest('catalogue', AppModule.forRoot(config), config.NATS_URL));
    js = jetstream(under.nc);
    db = under.app.get<Connection>(getConnectionToken());
    await rpc.call(PickupRpc.updatePickupSettings, { actor: cook, input: rules(...LYON_1) });
    mealId = (await rpc.call(CatalogueRpc.createMeal, { actor: cook, cook_name: 'support', input: dayDish('Gratin du support', 10) })).meal
      .meal_id;
  });

  afterAll(async () => {
    await under?.close();
  });

  it('reserved, then taken by its order, then given back by its cancellation: each step with its dish and slot', async () => {
    const { checkoutId, orderId, slot } = await reserve();
    const held = await story(orderId, checkoutId);
    expect(held.map((e) => [e.service, e.kind, e.label])).toEqual([
      ['catalogue', 'stock.held', 'Stock réservé'],
      ['catalogue', 'slot.held', 'Créneau de retrait réservé'],
    ]);
    expect(held[0]!.detail).toMatch(/^2 × Gratin du support · jusqu’au /);
    expect(held[1]!.detail).toMatch(/ · 1 place$/);

    const order = {
      order_id: orderId,
      checkout_id: checkoutId,
      consumer_id: 'support-buyer',
      cook_id: cook.user_id,
      total_cents: 2400,
      items: [{ meal_id: mealId, name: 'Gratin du support', quantity: 2, price_cents: 1200 }],
    };
    await publish(OrderingEvents.orderPlaced, { ...order, pickup_start: slot.start, pickup_end: slot.end });
    await eventually(async () => (await application(orderId))?.result === 'committed');
    expect((await story(orderId, checkoutId)).map((e) => e.kind)).toEqual(['stock.held', 'slot.held', 'slot.committed', 'stock.committed']);

    await publish(OrderingEvents.orderCancelled, { ...order, reason: 'Four en panne' });
    await eventually(async () => !!(await application(orderId))?.restocked_at);
    const cancelled = await story(orderId, checkoutId);
    expect(cancelled.map((e) => e.kind)).toEqual([
      'stock.held',
      'slot.held',
      'slot.committed',
      'stock.committed',
      'slot.freed',
      'stock.restocked',
    ]);
    expect(cancelled.at(-1)).toMatchObject({
      label: 'Portions rendues au stock (commande annulée)',
      detail: '2 × Gratin du support',
      email_id: null,
    });
  });

  it('a reservation given back before paying says so; another checkout’s id, or an unknown order, tells nothing', async () => {
    const { checkoutId, orderId } = await reserve();
    expect(await rpc.call(PickupRpc.releaseReservation, { checkout_id: checkoutId, cook_ids: [cook.user_id] })).toEqual({ released: 1 });
    const entries = await story(orderId, checkoutId);
    expect(entries.map((e) => e.kind)).toEqual(['stock.held', 'slot.held', 'stock.released']);
    expect(entries.at(-1)!.label).toBe('Réservation libérée');

    expect(await story(orderId, `checkout-${randomUUID()}`)).toEqual([]);
    expect(await story(orderIdOf(`checkout-${randomUUID()}`, cook.user_id), checkoutId)).toEqual([]);
  });
});
