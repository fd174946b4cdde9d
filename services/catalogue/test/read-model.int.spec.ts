import type { INestApplication } from '@nestjs/common';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { CatalogueEvents, CatalogueRpc, OrderingEvents, PickupRpc, subjectOf, type EventContract } from '@popote/contracts';
import { makeEnvelope, OutboxRelay, RpcClient } from '@popote/platform';
import { eventually, findEvent, resetJetStream, serviceEnv, type ServiceUnderTest, serviceUnderTest } from '@popote/testing';
import type { Connection, Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { communes } from '../src/geo/communes';
import { haversineMetres } from '../src/geo/distance';
import { Meal, Stock } from '../src/meals/meal.schema';
import { seedCatalogue } from '../src/seed/seed';
import { StockService } from '../src/stock/stock.service';
import { dayDish as meal } from './day-dish';
import { rules } from './pickup-rules';

const LYON_1 = ['69001', '69381'] as const;
const VILLEURBANNE = ['69100', '69266'] as const;

/**
 * The cards' read model (ADR 0016): every list reads `meals` once; the stock worker copies
 * the portions onto the card, the pick-up settings copy the cook's commune.
 */
describe('catalogue: the meal cards carry their portions and their cook’s commune (read model)', () => {
  let app: INestApplication;
  let rpc: RpcClient;
  let nc: NatsConnection;
  let under: ServiceUnderTest;
  let js: JetStreamClient;
  let meals: Model<Meal>;
  let stocks: Model<Stock>;
  let stockService: StockService;
  let db: Connection;
  let relay: OutboxRelay;

  /**
   * The test's own writes to a card take the meal's lock like every writer (FerretDB rewrites the
   * whole document: the outbox being cleared in the background would otherwise undo them).
   */
  const writeCard = (id: string, update: Record<string, unknown>) =>
    relay.change(meals, id, () => meals.collection.updateOne({ _id: id } as never, update));
  const card = async (id: string) => (await meals.findById(id).lean<Meal>())!;
  const stockOf = async (id: string) => (await stocks.findById(id).lean<Stock>())!;
  /** The card shows its stock exactly (portions and the sequence of the stock's last change). */
  const expectMirrored = async (id: string) => {
    const [c, s] = await Promise.all([card(id), stockOf(id)]);
    expect({ portions: c.portions, portions_seq: c.portions_seq }).toEqual({ portions: s.portions, portions_seq: s.seq });
    return s;
  };
  const publish = async <T>(contract: EventContract<T>, data: T) => {
    const envelope = makeEnvelope(contract, data);
    await js.publish(subjectOf(contract, data), JSON.stringify(envelope), { msgID: envelope.id });
    return envelope;
  };
  const order = (cookId: string, mealId: string, quantity: number, orderId = `order-${Math.random().toString(36).slice(2)}`) => ({
    order_id: orderId,
    checkout_id: `checkout-${orderId}`,
    consumer_id: 'buyer-1',
    cook_id: cookId,
    total_cents: 1200 * quantity,
    items: [{ meal_id: mealId, name: 'x', quantity, price_cents: 1200 }],
  });
  /** The stock worker's own record of the order (nobody is told of a commit since checkout v3). */
  const committed = (orderId: string) =>
    eventually(async () => (await db.collection('stockApplications').findOne({ _id: orderId as never }))?.result === 'committed');
  /** Collection operations of this process on the catalogue's database while `fn` runs (outbox sweeps left out). */
  const operations = async (fn: () => Promise<unknown>) => {
    const ops: string[] = [];
    db.set('debug', (collection: string, method: string, filter: unknown) => {
      if (filter && typeof filter === 'object' && '_outbox_pending' in filter) return; // the outbox relay's sweep
      ops.push(`${collection}.${method}`);
    });
    try {
      await fn();
    } finally {
      db.set('debug', false);
    }
    return ops;
  };

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('catalogue', __filename);
    const config = catalogueConfig(env);
    ({ app, rpc, nc } = under = await serviceUnderTest('catalogue', AppModule.forRoot(config), config.NATS_URL));
    await seedCatalogue(env);
    js = jetstream(nc);
    meals = app.get<Model<Meal>>(getModelToken(Meal.name));
    stocks = app.get<Model<Stock>>(getModelToken(Stock.name));
    stockService = app.get(StockService);
    db = app.get<Connection>(getConnectionToken());
    relay = app.get(OutboxRelay);
  });

  afterAll(async () => {
    await under?.close();
  });

  it('lists, features, reads a cook’s meals and one meal with one query on `meals` and nothing else', async () => {
    const seeded = await meals.findById('demo-meal-tajine').lean<Meal>();
    expect(seeded).toMatchObject({
      portions: expect.any(Number),
      portions_seq: 0,
      cook_location: expect.objectContaining({ commune: expect.any(String) }),
    });
    const reads = {
      list: await operations(() => rpc.call(CatalogueRpc.listMeals, { first: 20 })),
      near: await operations(() => rpc.call(CatalogueRpc.listMeals, { first: 20, filter: { near: LYON_1[1] } })),
      available: await operations(() => rpc.call(CatalogueRpc.listMeals, { first: 20, filter: { availability: 'tomorrow' } })),
      featured: await operations(() => rpc.call(CatalogueRpc.featuredMeals, {})),
      cook: await operations(() => rpc.call(CatalogueRpc.cookMeals, { cook_id: 'demo-cook-amina' })),
      one: await operations(() => rpc.call(CatalogueRpc.getMeal, { meal_id: 'demo-meal-tajine' })),
    };
    expect(reads).toEqual({
      list: ['meals.find'],
      near: ['meals.find'],
      available: ['meals.find'],
      featured: ['meals.find'],
      cook: ['meals.find'],
      one: ['meals.findOne'],
    });
    // And what they read is right: the cards agree with the stock and the pick-up settings.
    const { items } = await rpc.call(CatalogueRpc.listMeals, { first: 20 });
    for (const m of items) expect(m.portions_available).toBe((await stockOf(m.meal_id)).portions);
    expect(items.find((m) => m.meal_id === 'demo-meal-tajine')?.cook_commune).toBe(seeded!.cook_location!.commune);
  });

  it('an order taking portions, its cancellation giving them back and the cook’s edit are on the card when announced', async () => {
    const cook = { user_id: 'rm-cook-stock', user_type: 'cook' as const };
    const { meal: created } = await rpc.call(CatalogueRpc.createMeal, { actor: cook, cook_name: 'rm', input: meal('Hachis', 6) });
    const id = created.meal_id;
    expect(await card(id)).toMatchObject({ portions: 6, portions_seq: 0, cook_location: null });

    // An order takes 2 (no reservation held them): the card shows 4 as soon as the catalogue's hint
    // is out (the BFF's cache drops then).
    const placed = order(cook.user_id, id, 2);
    await publish(OrderingEvents.orderPlaced, placed);
    await findEvent<{ meal_ids: string[]; cause: string }>(
      CatalogueEvents.mealsChanged.subject,
      (e) => e.data.cause === 'order' && e.data.meal_ids.includes(id),
    );
    await committed(placed.order_id);
    expect((await expectMirrored(id)).portions).toBe(4);
    expect((await rpc.call(CatalogueRpc.getMeal, { meal_id: id })).meal?.portions_available).toBe(4);

    // Cancelled: the 2 come back, on the card by the time the restock hint is out.
    await publish(OrderingEvents.orderCancelled, { ...placed, reason: 'test', stock_committed: true });
    await findEvent<{ meal_ids: string[]; cause: string }>(
      CatalogueEvents.mealsChanged.subject,
      (e) => e.data.cause === 'restock' && e.data.meal_ids.includes(id),
    );
    expect((await expectMirrored(id)).portions).toBe(6);

    // The cook's edit (relative to what the form showed): the reply and the lists show it.
    const edited = await rpc.call(CatalogueRpc.updateMeal, {
      actor: cook,
      meal_id: id,
      input: { name: 'Hachis parmentier', description: 'Un plat du jour.', price_cents: 1200, portions_available: 9, portions_seen: 6 },
    });
    expect(edited.meal.portions_available).toBe(9);
    expect((await expectMirrored(id)).portions).toBe(9);
    const listed = (await rpc.call(CatalogueRpc.cookMeals, { cook_id: cook.user_id })).items.find((m) => m.meal_id === id);
    expect(listed?.portions_available).toBe(9);
    // The mirror never touched the meal's own fields or its edit.
    expect(await card(id)).toMatchObject({ name: 'Hachis parmentier', _outbox_pending: expect.any(Boolean) });
  });

  it('an older event delivered again does not take the card back to an older value; a replay rewrites it as the stock is', async () => {
    const cook = { user_id: 'rm-cook-replay', user_type: 'cook' as const };
    const { meal: created } = await rpc.call(CatalogueRpc.createMeal, { actor: cook, cook_name: 'rm', input: meal('Gratin', 5) });
    const id = created.meal_id;
    const first = order(cook.user_id, id, 1);
    await publish(OrderingEvents.orderPlaced, first);
    await committed(first.order_id);
    const afterFirst = await expectMirrored(id);
    const second = order(cook.user_id, id, 3);
    await publish(OrderingEvents.orderPlaced, second);
    await committed(second.order_id);
    const now = await expectMirrored(id);
    expect(now.portions).toBe(1);

    // The first order's event again with its own (older) sequence, as JetStream redelivers it.
    const envelope = makeEnvelope(OrderingEvents.orderPlaced, first);
    await stockService.apply({ contract: OrderingEvents.orderPlaced, envelope, seq: afterFirst.seq } as never);
    expect(await expectMirrored(id)).toMatchObject({ portions: 1, seq: now.seq });
    // An older adjust (its sequence below the stock's): nothing changes, the card stays as the stock.
    await stockService.adjust({ meal_id: id, cook_id: cook.user_id, portions: 40, portions_seen: null }, afterFirst.seq);
    expect(await expectMirrored(id)).toMatchObject({ portions: 1, seq: now.seq });

    // A copy made from an older state of the stock never overwrites a newer card.
    await writeCard(id, { $set: { portions: 7, portions_v: now.v + 10 } });
    await stockService.mirror([id]);
    expect(await card(id)).toMatchObject({ portions: 7, portions_v: now.v + 10 });
    await writeCard(id, { $set: { portions: 1, portions_v: now.v } });

    // A replay (the dead-letter tool publishes the event again, a new sequence): the card is rewritten
    // as the stock is, and the order is not applied twice.
    const replay = makeEnvelope(OrderingEvents.orderPlaced, second);
    await writeCard(id, { $set: { portions: 3 } }); // as if a crash had left it behind
    await js.publish(subjectOf(OrderingEvents.orderPlaced, second), JSON.stringify(replay), { msgID: replay.id });
    await eventually(async () => (await card(id)).portions === 1);
    expect(await expectMirrored(id)).toMatchObject({ portions: 1, seq: now.seq });
  });

  it('a crash between the stock write and the card’s copy is repaired when JetStream delivers the order again', async () => {
    const cook = { user_id: 'rm-cook-crash', user_type: 'cook' as const };
    const { meal: created } = await rpc.call(CatalogueRpc.createMeal, { actor: cook, cook_name: 'rm', input: meal('Pot-au-feu', 8) });
    const id = created.meal_id;
    const copy = vi.spyOn(stockService, 'mirror').mockRejectedValueOnce(new Error('the process died here'));
    try {
      const placed = order(cook.user_id, id, 3);
      await publish(OrderingEvents.orderPlaced, placed);
      // The first delivery took the stock, then "crashed" before the copy: not acked, delivered again.
      await committed(placed.order_id);
      expect(copy.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      copy.mockRestore();
    }
    const s = await expectMirrored(id);
    expect(s.portions).toBe(5); // taken once
  });

  it('a cook moving to another commune moves every card of theirs (commune and distance)', async () => {
    const cook = { user_id: 'rm-cook-moving', user_type: 'cook' as const };
    await rpc.call(PickupRpc.updatePickupSettings, { actor: cook, input: rules(...LYON_1) });
    const ids: string[] = [];
    for (const name of ['Quiche', 'Tarte', 'Soupe'])
      ids.push((await rpc.call(CatalogueRpc.createMeal, { actor: cook, cook_name: 'rm', input: meal(name, 2) })).meal.meal_id);
    const index = await communes();
    const lyon = index.byInsee(LYON_1[1])!;
    const villeurbanne = index.byInsee(VILLEURBANNE[1])!;
    for (const id of ids) expect((await card(id)).cook_location).toMatchObject({ commune_code: LYON_1[1] });

    await rpc.call(PickupRpc.updatePickupSettings, { actor: cook, input: rules(...VILLEURBANNE) });
    for (const id of ids) expect((await card(id)).cook_location).toMatchObject({ commune_code: VILLEURBANNE[1], commune: 'Villeurbanne' });
    await findEvent<{ cook_id: string; cause: string }>(
      CatalogueEvents.mealsChanged.subject,
      (e) => e.data.cause === 'cook_location' && e.data.cook_id === cook.user_id,
    );
    const { items } = await rpc.call(CatalogueRpc.cookMeals, { cook_id: cook.user_id, near: LYON_1[1] });
    expect(items).toHaveLength(3);
    const metres = haversineMetres({ lat: lyon.lat!, lon: lyon.lon! }, { lat: villeurbanne.lat!, lon: villeurbanne.lon! });
    for (const m of items) expect(m).toMatchObject({ cook_commune: 'Villeurbanne', distance_m: metres });
    const listed = (await rpc.call(CatalogueRpc.listMeals, { first: 50, filter: { near: LYON_1[1] } })).items.filter((m) =>
      ids.includes(m.meal_id),
    );
    expect(listed.map((m) => [m.cook_commune, m.distance_m])).toEqual(ids.map(() => ['Villeurbanne', metres]));

    // A cook removing their address: no commune on the cards.
    await rpc.call(PickupRpc.updatePickupSettings, { actor: cook, input: { ...rules(...LYON_1), address: null } });
    for (const id of ids) expect((await card(id)).cook_location).toBeNull();
    expect((await rpc.call(CatalogueRpc.getMeal, { meal_id: ids[0] })).meal).toMatchObject({ cook_commune: null });
  });

  it('a card that lost its copies is filled again by the reconciliation (replicas at once), then read alone', async () => {
    const cook = { user_id: 'rm-cook-legacy', user_type: 'cook' as const };
    await rpc.call(PickupRpc.updatePickupSettings, { actor: cook, input: rules(...VILLEURBANNE) });
    const { meal: created } = await rpc.call(CatalogueRpc.createMeal, { actor: cook, cook_name: 'rm', input: meal('Daube', 4) });
    const id = created.meal_id;
    // As a crash between two writes could leave it: no copy of the portions, no copy of the commune.
    await writeCard(id, { $unset: { portions: '', portions_seq: '', cook_location: '' } });
    await stocks.updateOne({ _id: id }, { $set: { portions: 3, seq: 5 } });
    const lost = await card(id);
    expect('portions' in lost || 'portions_seq' in lost || 'cook_location' in lost).toBe(false);

    // Boot (or the periodic check) of several replicas at once: every card gets its copies, once.
    await Promise.all([stockService.reconcileCards(), stockService.reconcileCards(), stockService.reconcileCards()]);
    expect(await card(id)).toMatchObject({
      portions: 3,
      portions_seq: 5,
      cook_location: expect.objectContaining({ commune: 'Villeurbanne' }),
    });
    expect(await operations(() => rpc.call(CatalogueRpc.getMeal, { meal_id: id }))).toEqual(['meals.findOne']);
    expect((await rpc.call(CatalogueRpc.getMeal, { meal_id: id })).meal).toMatchObject({
      portions_available: 3,
      cook_commune: 'Villeurbanne',
    });
    const listed = (await rpc.call(CatalogueRpc.cookMeals, { cook_id: cook.user_id, near: LYON_1[1] })).items[0];
    expect(listed).toMatchObject({ portions_available: 3, cook_commune: 'Villeurbanne', distance_m: expect.any(Number) });
  });
});
