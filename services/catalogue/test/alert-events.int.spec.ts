import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import {
  CatalogueEvents,
  CatalogueRpc,
  OrderingEvents,
  PickupRpc,
  STREAMS,
  subjectOf,
  type Envelope,
  type EventContract,
  type PickupSettingsInput,
} from '@popote/contracts';
import { makeEnvelope, RpcClient } from '@popote/platform';
import { eventually, findEvent, resetJetStream, serviceEnv, serviceUnderTest, type ServiceUnderTest } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { parisDayStart } from '../src/meals/search';
import { dayDish as meal } from './day-dish';
import { rules } from './pickup-rules';

/** The catalogue's events that alert buyers (docs/alerts.md): a dish back in stock, a cook's pick-up opening more. */
describe('catalogue: the events behind the alerts', () => {
  let rpc: RpcClient;
  let nc: NatsConnection;
  let under: ServiceUnderTest;
  let js: JetStreamClient;

  const publish = async <T>(contract: EventContract<T>, data: T) => {
    const envelope = makeEnvelope(contract, data);
    await js.publish(subjectOf(contract, data), JSON.stringify(envelope), { msgID: envelope.id });
  };
  /** Every event of `subject` on the stream that `match`es (not only the first). */
  const all = async <T>(subject: string, match: (e: Envelope<T>) => boolean) => {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(STREAMS.events.name);
    const out: Envelope<T>[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && seq > 0; seq++) {
      const m = await jsm.streams.getMessage(STREAMS.events.name, { seq }).catch(() => null);
      if (!m || (m.subject !== subject && !m.subject.startsWith(`${subject}.`))) continue;
      const e = m.json<Envelope<T>>();
      if (match(e)) out.push(e);
    }
    return out;
  };
  /** The stock worker's own record of the order (nobody is told of a commit since checkout v3). */
  const committed = (orderId: string) =>
    eventually(
      async () =>
        (
          await under.app
            .get<Connection>(getConnectionToken())
            .collection('stockApplications')
            .findOne({ _id: orderId as never })
        )?.result === 'committed',
    );
  const order = (cookId: string, mealId: string, quantity: number) => {
    const id = `order-${Math.random().toString(36).slice(2)}`;
    return {
      order_id: id,
      checkout_id: `checkout-${id}`,
      consumer_id: 'buyer-1',
      cook_id: cookId,
      total_cents: 1200 * quantity,
      items: [{ meal_id: mealId, name: 'x', quantity, price_cents: 1200 }],
    };
  };
  const restocked = (mealId: string) =>
    findEvent<{ meal_ids: string[]; cause: string }>(
      CatalogueEvents.mealsChanged.subject,
      (e) => e.data.cause === 'restock' && e.data.meal_ids.includes(mealId),
    );

  beforeAll(async () => {
    await resetJetStream();
    const config = catalogueConfig(serviceEnv('catalogue', __filename));
    ({ rpc, nc } = under = await serviceUnderTest('catalogue', AppModule.forRoot(config), config.NATS_URL));
    js = jetstream(nc);
  });

  afterAll(async () => {
    await under?.close();
  });

  it('a dish whose card goes from no free portion to some is announced back in stock; other changes are not', async () => {
    const cook = { user_id: 'alert-cook-stock', user_type: 'cook' as const };
    const { meal: sold } = await rpc.call(CatalogueRpc.createMeal, { actor: cook, cook_name: 'amina', input: meal('Tajine', 2) });
    const { meal: other } = await rpc.call(CatalogueRpc.createMeal, { actor: cook, cook_name: 'amina', input: meal('Gratin', 3) });
    const back = (id: string) => all<{ meal_id: string }>(CatalogueEvents.mealBackInStock.subject, (e) => e.data.meal_id === id);

    // Sold out, then the order is cancelled: the portions come back, and so does the dish.
    const soldOut = order(cook.user_id, sold.meal_id, 2);
    await publish(OrderingEvents.orderPlaced, soldOut);
    await committed(soldOut.order_id);
    expect(await back(sold.meal_id)).toEqual([]);
    await publish(OrderingEvents.orderCancelled, { ...soldOut, reason: 'test', stock_committed: true });
    const event = await findEvent<{ meal_id: string; cook_id: string; name: string }>(
      CatalogueEvents.mealBackInStock.subject,
      (e) => e.data.meal_id === sold.meal_id,
    );
    expect(event.data).toEqual({ meal_id: sold.meal_id, cook_id: cook.user_id, name: 'Tajine' });

    // 3 → 2 → 3: never out of stock, never announced.
    const some = order(cook.user_id, other.meal_id, 1);
    await publish(OrderingEvents.orderPlaced, some);
    await committed(some.order_id);
    await publish(OrderingEvents.orderCancelled, { ...some, reason: 'test', stock_committed: true });
    await restocked(other.meal_id);
    expect(await back(other.meal_id)).toEqual([]);
    expect(await back(sold.meal_id)).toHaveLength(1);

    // Sold out again, then the cook adds portions from the edit form: back in stock again.
    const again = order(cook.user_id, sold.meal_id, 2);
    await publish(OrderingEvents.orderPlaced, again);
    await committed(again.order_id);
    await rpc.call(CatalogueRpc.updateMeal, {
      actor: cook,
      meal_id: sold.meal_id,
      input: { name: 'Tajine', description: 'Un plat du jour.', price_cents: 1200, portions_available: 4, portions_seen: 0 },
    });
    await findEvent(
      CatalogueEvents.mealBackInStock.subject,
      (e: Envelope<{ meal_id: string }>) => e.data.meal_id === sold.meal_id && e.id !== event.id,
    );
    expect(await back(sold.meal_id)).toHaveLength(2);
  });

  it('a cook’s pick-up settings that open more (first hours, a new day, a day off taken back) are announced; the same or fewer are not', async () => {
    const actor = { user_id: 'alert-cook-slots', user_type: 'cook' as const };
    const save = (input: PickupSettingsInput) => rpc.call(PickupRpc.updatePickupSettings, { actor, input });
    const opened = () =>
      all<{ cook_id: string; weekdays: number[]; days: string[] }>(
        CatalogueEvents.pickupSlotsOpened.subject,
        (e) => e.data.cook_id === actor.user_id,
      );
    const base = rules('69001', '69381'); // Tuesdays 18:00–20:00
    const dayOff = new Date(parisDayStart(new Date(), 14).getTime() + 12 * 3600_000);
    // A coming Tuesday, as a day off.
    while (dayOff.getUTCDay() !== 2) dayOff.setUTCDate(dayOff.getUTCDate() + 1);
    const offDay = dayOff.toISOString().slice(0, 10);

    await save({ ...base, days_off: [offDay] });
    await findEvent(CatalogueEvents.pickupSlotsOpened.subject, (e: Envelope<{ cook_id: string }>) => e.data.cook_id === actor.user_id);
    await save({ ...base, days_off: [offDay], capacity: 9 }); // the same hours: nothing opened
    await save({ ...base, days_off: [offDay], windows: [...base.windows, { weekday: 6, start: '10:00', end: '12:00' }] });
    await save({ ...base, days_off: [offDay] }); // Saturday taken away: nothing opened
    await save({ ...base, days_off: [] }); // the day off taken back
    const events = await (async () => {
      for (let i = 0; i < 50; i++) {
        const found = await opened();
        if (found.length >= 3) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      return opened();
    })();
    expect(events.map((e) => e.data)).toEqual([
      { cook_id: actor.user_id, weekdays: [2], days: [] },
      { cook_id: actor.user_id, weekdays: [6], days: [] },
      { cook_id: actor.user_id, weekdays: [], days: [offDay] },
    ]);
  });
});
