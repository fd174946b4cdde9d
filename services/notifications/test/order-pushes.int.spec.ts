import type { INestApplication } from '@nestjs/common';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import type { NatsConnection } from '@nats-io/transport-node';
import { OrderingEvents, type EventContract } from '@popote/contracts';
import { AppModule as CatalogueModule, catalogueConfig, seedCatalogue } from '@popote/catalogue/app';
import { AppModule as IdentityModule, identityConfig, seedIdentity } from '@popote/identity/app';
import { AppModule as OrderingModule, orderingConfig } from '@popote/ordering/app';
import { eventually, resetJetStream, serviceEnv, startServiceApp, testNats } from '@popote/testing';
import type { Connection, Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Alert } from '../src/alerts/alert.schema';
import { AppModule } from '../src/app.module';
import { AlertPreferencesDoc, PushDevice, pushDeviceId } from '../src/audience/audience.schema';
import { notificationsConfig } from '../src/config';
import { alertsSettled, publishEvent } from './alert-helpers';
import { PushEndpoint, type TestDevice } from './push-endpoint';

const COOK = 'demo-cook-amina';
const CLAIRE = 'demo-consumer-claire';
const LUCAS = 'demo-cook-lucas'; // buys too, and turned his order pushes off
const SLOT = { start: '2026-12-01T17:00:00.000Z', end: '2026-12-01T17:30:00.000Z' }; // mardi 1 décembre, 18:00–18:30 in Paris

/**
 * The order pushes (docs/alerts.md): the buyer's for confirmed, ready (with the slot, from ordering,
 * and the place, from the catalogue: real services) and cancelled; the cook's for a new order.
 */
describe('order pushes: to the buyer on confirmed, ready and cancelled; to the cook for a new order', () => {
  const apps: INestApplication[] = [];
  let nc: NatsConnection;
  let push: PushEndpoint;
  let alerts: Model<Alert>;
  let orders: Model<Record<string, unknown>>;
  let claire: TestDevice;
  let amina: TestDevice;
  let lucas: TestDevice;

  const publish = <T>(contract: EventContract<T>, data: T, times = 1) => publishEvent(nc, contract, data, times);
  const settled = (cause: string) => alertsSettled(alerts, { cause }, 1000);
  const order = (id: string, consumer: string) => ({
    _id: id,
    checkout_id: `checkout-${id}`,
    consumer_id: consumer,
    consumer_name: 'Client',
    cook_id: COOK,
    cook_name: 'amina_cuisine',
    total_cents: 2500,
    order_status: 'confirmed',
    items: [{ order_item_id: `${id}-1`, meal_id: 'demo-meal-tajine', name: 'Tajine', quantity: 2, price_cents: 1250 }],
    pickup_start: new Date(SLOT.start),
    pickup_end: new Date(SLOT.end),
    stock_status: 'pending',
  });

  beforeAll(async () => {
    await resetJetStream();
    const env = (s: string, extra: Record<string, string> = {}) => serviceEnv(s, __filename, extra);
    const idEnv = env('identity');
    await seedIdentity(idEnv);
    apps.push(await startServiceApp('identity', IdentityModule.forRoot(identityConfig(idEnv)), idEnv.NATS_URL!));
    const catEnv = env('catalogue');
    apps.push(await startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(catEnv)), catEnv.NATS_URL!));
    await seedCatalogue(catEnv); // the demo cooks' pick-up addresses
    const ordEnv = env('ordering');
    const ordering = await startServiceApp('ordering', OrderingModule.forRoot(orderingConfig(ordEnv)), ordEnv.NATS_URL!);
    apps.push(ordering);
    orders = ordering.get(getModelToken('Order'));
    const config = notificationsConfig(env('notifications', { ALERT_DIGEST_CHECK_MS: '0' }));
    const app = await startServiceApp('notifications', AppModule.forRoot(config), config.NATS_URL);
    apps.push(app);
    alerts = app.get(getModelToken(Alert.name));
    nc = await testNats(config.NATS_URL);
    push = await PushEndpoint.start(config.VAPID_PUBLIC_KEY);
    [claire, amina, lucas] = [push.device('claire'), push.device('amina'), push.device('lucas')];
    await app.get<Model<PushDevice>>(getModelToken(PushDevice.name)).insertMany(
      [
        [claire, CLAIRE],
        [amina, COOK],
        [lucas, LUCAS],
      ].map(([d, user]) => {
        const { endpoint, keys } = (d as TestDevice).subscription;
        return { _id: pushDeviceId(endpoint), user_id: user as string, endpoint, keys };
      }),
    );
    await app
      .get<Model<AlertPreferencesDoc>>(getModelToken(AlertPreferencesDoc.name))
      .create({ _id: LUCAS, preferences: { order_updates: { push: false } } });
  });

  afterAll(async () => {
    await nc?.close();
    for (const app of apps.reverse()) await app.close();
    await push?.close();
  });

  it('the cook hears of a new order; the buyer of its confirmation, readiness (slot and place) and cancellation — once each', async () => {
    const id = `order-${Date.now()}-push0001`;
    await orders.create(order(id, CLAIRE));
    const placed = await publish(
      OrderingEvents.orderPlaced,
      {
        order_id: id,
        checkout_id: `checkout-${id}`,
        consumer_id: CLAIRE,
        cook_id: COOK,
        total_cents: 2500,
        items: [{ meal_id: 'demo-meal-tajine', name: 'Tajine', quantity: 2, price_cents: 1250 }],
        pickup_start: SLOT.start,
        pickup_end: SLOT.end,
      },
      2,
    );
    await settled(placed.id);
    expect(amina.received.map((r) => r.payload)).toEqual([
      {
        title: 'Nouvelle commande n° push0001',
        body: '2 portions · 25,00\u00a0€, à retirer mardi 1 décembre, 18:00–18:30.',
        url: '/cook/dashboard',
        tag: `order-${id}`,
      },
    ]);
    expect(amina.received[0]!.urgency).toBe('high');

    const step = (from: string, to: string) =>
      publish(
        OrderingEvents.orderStatusChanged,
        { order_id: id, consumer_id: CLAIRE, cook_id: COOK, from: from as never, to: to as never },
        2,
      );
    await settled((await step('pending', 'confirmed')).id);
    await step('confirmed', 'preparing'); // no push for this step
    await settled((await step('preparing', 'ready')).id);
    expect(claire.received.map((r) => r.payload.title)).toEqual([
      'Commande n° push0001 confirmée',
      'Votre commande est prête à être retirée !',
    ]);
    expect(claire.received[0]!.payload.body).toBe('Le cuisinier a confirmé votre commande, à retirer mardi 1 décembre, 18:00–18:30.');
    expect(claire.received[1]!.payload).toEqual({
      title: 'Votre commande est prête à être retirée !',
      body: expect.stringMatching(/^Commande n° push0001\. Retrait mardi 1 décembre, 18:00–18:30 au 12 rue de Marseille, 69007 Lyon.*\.$/),
      url: '/orders',
      tag: `order-${id}`,
    });
    await settled((await step('ready', 'cancelled')).id);
    expect(claire.received.map((r) => r.payload.title).at(-1)).toBe('Commande n° push0001 annulée');
    expect(claire.received).toHaveLength(3);
    expect([claire, amina].flatMap((d) => d.rejected)).toEqual([]);
  });

  it('a buyer who turned order pushes off gets none (the emails are not theirs to turn off)', async () => {
    const id = `order-${Date.now()}-push0002`;
    await orders.create(order(id, LUCAS));
    const ready = await publish(OrderingEvents.orderStatusChanged, {
      order_id: id,
      consumer_id: LUCAS,
      cook_id: COOK,
      from: 'preparing',
      to: 'ready',
    });
    // Worked on (the consumer marks each event it applied), and nothing queued.
    const processed = apps.at(-1)!.get<Connection>(getConnectionToken()).collection('processed_events');
    await eventually(async () => !!(await processed.findOne({ _id: `notifications-OrderStatusPush:${ready.id}` as never })), 15_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(lucas.requests).toBe(0);
    expect(await alerts.countDocuments({ cause: ready.id })).toBe(0);
  });
});
