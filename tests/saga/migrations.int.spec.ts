import { AppModule as CatalogueModule, catalogueConfig } from '@popote/catalogue/app';
import { AppModule, orderingConfig } from '@popote/ordering/app';
import { AppModule as NotificationsModule, notificationsConfig } from '@popote/notifications/app';
import { AppModule as PaymentsModule, paymentsConfig } from '@popote/payments/app';
import { MIGRATIONS_CHANGELOG } from '@popote/platform';
import { resetJetStream, serviceEnv, startServiceApp, testNats } from '@popote/testing';
import { Kvm } from '@nats-io/kv';
import type { INestApplication } from '@nestjs/common';
import { createConnection, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A service's own database as an older version left it: `seed` writes the older documents before any
 * instance boots; the instances started with `boot` are closed after the tests, and the connection too.
 */
function olderDatabase(config: { MONGO_URL: string; MONGO_DB: string }, seed: (db: Connection) => Promise<unknown>) {
  const state = { db: undefined as unknown as Connection, apps: [] as INestApplication[] };
  beforeAll(async () => {
    await resetJetStream();
    state.db = await createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
    await seed(state.db);
  });
  afterAll(async () => {
    for (const app of state.apps.splice(0)) await app.close();
    await state.db?.close();
  });
  return state;
}

/**
 * Versioned migrations instead of read branches: an order stored before `reminder_pending` existed
 * is marked once by the migration, applied by one of two replicas booting at once and recorded once;
 * a later boot applies nothing.
 */
describe('migrations: applied once at boot, by one replica', () => {
  const env = serviceEnv('ordering', __filename);
  const config = orderingConfig(env);
  const hour = 3_600_000;
  const older = olderDatabase(config, async (db) => {
    // The index an older version kept (dropped by the migration `delivery-address-purge`).
    await db.collection('orders').createIndex({ pickup_start: 1, reminder_sent_at: 1 });
    // As an older version stored them: no `reminder_pending`.
    await db.collection('orders').insertMany([
      { _id: 'old-ahead', order_status: 'confirmed', reminder_sent_at: null, pickup_start: new Date(Date.now() + 48 * hour) },
      // Stock states as orders before checkout v3 had them.
      {
        _id: 'old-past',
        order_status: 'delivered',
        reminder_sent_at: null,
        pickup_start: new Date(Date.now() - 48 * hour),
        stock_status: 'committed',
      },
      {
        _id: 'old-reminded',
        order_status: 'confirmed',
        reminder_sent_at: new Date(),
        pickup_start: new Date(Date.now() + 48 * hour),
        stock_status: 'rejected',
      },
    ] as never[]);
  });
  const apps = older.apps;

  it('two replicas boot at once: the migration runs, is recorded once, and marks only the orders it is for', async () => {
    const { db } = older;
    apps.push(
      ...(await Promise.all([
        startServiceApp('ordering', AppModule.forRoot(config), config.NATS_URL),
        startServiceApp('ordering', AppModule.forRoot(config), config.NATS_URL),
      ])),
    );
    const log = await db.collection(MIGRATIONS_CHANGELOG).find({}).toArray();
    expect(log.map((e) => e.fileName).sort()).toEqual([
      '202612062300-reminder-pending.ts',
      '202612070310-stock-status-pending.ts',
      '202612080900-order-numbers.ts',
      '202612090900-delivery-address-purge.ts',
    ]);
    const orders = await db
      .collection('orders')
      .find({}, { projection: { reminder_pending: 1 } })
      .sort({ _id: 1 })
      .toArray();
    expect(orders).toEqual([{ _id: 'old-ahead', reminder_pending: true }, { _id: 'old-past' }, { _id: 'old-reminded' }]);
    // The index no query used is gone; the purge day of delivery addresses has its own (ADR 0044).
    const indexes = (await db.collection('orders').indexes()).map((i) => i.name);
    expect(indexes).not.toContain('pickup_start_1_reminder_sent_at_1');
    expect(indexes).toContain('address_purge_day_1');
    const stock = await db
      .collection('orders')
      .find({}, { projection: { stock_status: 1 } })
      .sort({ _id: 1 })
      .toArray();
    expect(stock).toEqual([
      { _id: 'old-ahead' },
      { _id: 'old-past', stock_status: 'pending' },
      { _id: 'old-reminded', stock_status: 'rejected' },
    ]);
  });

  it('a later boot, from the build or the sources, finds them applied: no lease taken, nothing changed', async () => {
    const { db } = older;
    await db.collection('orders').updateOne({ _id: 'old-ahead' } as never, { $unset: { reminder_pending: '' } });
    for (const app of apps.splice(0)) await app.close();
    // As if the build (`.js`) had applied them: the same migrations, known by name.
    const changelog = db.collection<{ fileName: string }>(MIGRATIONS_CHANGELOG);
    for (const { _id, fileName } of await changelog.find({}).toArray())
      await changelog.updateOne({ _id }, { $set: { fileName: fileName.replace(/\.ts$/, '.js') } });
    const nc = await testNats();
    try {
      const locks = await new Kvm(nc).open('popote_locks');
      const lease = async () => (await locks.get('migrations.ordering'))?.revision ?? 0;
      const before = await lease();
      apps.push(await startServiceApp('ordering', AppModule.forRoot(config), config.NATS_URL));
      expect(await lease()).toBe(before);
    } finally {
      await nc.close();
    }
    expect(await db.collection(MIGRATIONS_CHANGELOG).countDocuments()).toBe(4);
    expect(await db.collection('orders').findOne({ _id: 'old-ahead' } as never)).not.toHaveProperty('reminder_pending');
  });
});

/**
 * The catalogue's meals stored before stock had its own collection: at the first boot of a version
 * with the migrations, each gets its stock document from its `portions_available` (an existing stock
 * document is kept), and the fields the stock now keeps leave the meal; then every card stored before
 * the read model gets its copy of the stock and of its cook's commune, so reads take the card alone.
 */
describe('migrations: the catalogue gives older meals their stock', () => {
  const env = serviceEnv('catalogue', __filename);
  const config = catalogueConfig(env);
  const older = olderDatabase(config, async (db) => {
    await db.collection('meals').insertMany([
      { _id: 'older-a', cook_id: 'cook-1', name: 'Gratin', portions_available: 4, applied_orders: ['o-1'] },
      { _id: 'older-b', cook_id: 'cook-1', name: 'Tarte', portions_available: 2 },
      { _id: 'newer', cook_id: 'cook-2', name: 'Soupe' },
    ] as never[]);
    // One older meal whose stock document exists already: kept as it is.
    await db.collection('stock').insertOne({ _id: 'older-b', cook_id: 'cook-1', portions: 7, seq: 3, op: 'order' } as never);
    // A card with its copies already (written by a newer version): left as it is.
    await db.collection('meals').insertOne({
      _id: 'carded',
      cook_id: 'cook-2',
      name: 'Flan',
      portions: 1,
      portions_seq: 9,
      portions_v: 9,
      cook_location: null,
    } as never);
    await db.collection('pickupSettings').insertOne({
      _id: 'cook-1',
      location: { commune_code: '69123', commune: 'Lyon', postcode: '69001', lat: 45.76, lon: 4.83 },
    } as never);
  });

  it('creates the missing stock, keeps the existing one, and strips the older fields once', async () => {
    const { db } = older;
    older.apps.push(await startServiceApp('catalogue', CatalogueModule.forRoot(config), config.NATS_URL));
    const log = await db.collection(MIGRATIONS_CHANGELOG).find({}).toArray();
    expect(log.map((e) => e.fileName)).toEqual(['202612070200-stock-of-older-meals.ts', '202612071100-card-copies.ts']);
    const stock = await db.collection('stock').find({}).sort({ _id: 1 }).toArray();
    expect(stock).toEqual([
      { _id: 'older-a', cook_id: 'cook-1', portions: 4, seq: 0, op: 'create' },
      { _id: 'older-b', cook_id: 'cook-1', portions: 7, seq: 3, op: 'order' },
    ]);
    const meals = await db
      .collection('meals')
      .find({}, { projection: { portions_available: 1, applied_orders: 1 } })
      .sort({ _id: 1 })
      .toArray();
    expect(meals).toEqual([{ _id: 'carded' }, { _id: 'newer' }, { _id: 'older-a' }, { _id: 'older-b' }]);
    const copies = await db
      .collection('meals')
      .find({}, { projection: { portions: 1, portions_seq: 1, cook_location: 1 } })
      .sort({ _id: 1 })
      .toArray();
    const lyon = { commune_code: '69123', commune: 'Lyon', postcode: '69001', lat: 45.76, lon: 4.83 };
    expect(copies).toEqual([
      { _id: 'carded', portions: 1, portions_seq: 9, cook_location: null },
      { _id: 'newer', portions: 0, portions_seq: 0, cook_location: null },
      { _id: 'older-a', portions: 4, portions_seq: 0, cook_location: lyon },
      { _id: 'older-b', portions: 7, portions_seq: 3, cook_location: lyon },
    ]);
  });
});

/**
 * Payments' refunds stored before they had a state were made: the migration says so, so that a
 * retry of the order's refund (which loads it, and would get mongoose's default `due`) skips it.
 */
describe('migrations: payments records older refunds as made, and flags payouts failed at the bank', () => {
  const env = serviceEnv('payments', __filename);
  const config = paymentsConfig(env);
  const payout = (id: string, bankFailure: object | null) => ({
    _id: id,
    cook_id: 'k-1',
    account_id: 'acct_1',
    amount_cents: 1000,
    status: 'paid',
    trigger: 'manual',
    bank_failure: bankFailure,
  });
  const older = olderDatabase(config, async (db) => {
    await db.collection('refunds').insertMany([
      { _id: 'order-older', checkout_id: 'c-1', amount_cents: 1200, provider_refund_id: 're_1', refunded_at: new Date() },
      { _id: 'order-due', checkout_id: 'c-2', amount_cents: 900, status: 'due', provider_refund_id: null, refunded_at: null },
    ] as never[]);
    await db
      .collection('payouts')
      .insertMany([
        payout('p-bank', { provider_payout_id: 'po_1', message: 'Compte clos', code: 'account_closed', at: new Date() }),
        payout('p-ok', null),
      ] as never[]);
  });

  it('marks the refund without a state made, leaves a due one due, flags the bank failure, and records each migration once', async () => {
    const { db } = older;
    older.apps.push(await startServiceApp('payments', PaymentsModule.forRoot(config), config.NATS_URL));
    const log = await db.collection(MIGRATIONS_CHANGELOG).find({}).sort({ fileName: 1 }).toArray();
    expect(log.map((e) => e.fileName)).toEqual([
      '202612062300-reconcile-pending.ts',
      '202612070300-refunds-made.ts',
      '202612071600-bank-failed.ts',
    ]);
    const refunds = await db
      .collection('refunds')
      .find({}, { projection: { status: 1 } })
      .sort({ _id: 1 })
      .toArray();
    expect(refunds).toEqual([
      { _id: 'order-due', status: 'due' },
      { _id: 'order-older', status: 'made' },
    ]);
    // The console's failed payouts find the bank failure by equality; the paid one is not flagged.
    const flagged = await db
      .collection('payouts')
      .find({ bank_failed: true }, { projection: { _id: 1 } })
      .toArray();
    expect(flagged).toEqual([{ _id: 'p-bank' }]);
  });
});

/**
 * Notifications' pushes stored `queued` (without a job) by the version before the work queue: the
 * migration makes them due retries, which the sweep queues and the sender works on like any other.
 */
describe('migrations: notifications queues older pushes again', () => {
  const env = serviceEnv('notifications', __filename);
  const config = notificationsConfig(env);
  const push = (id: string, status: string) => ({
    _id: id,
    channel: 'push',
    kind: 'order_updates',
    cause: `cause-${id}`,
    about: 'order-1',
    user_id: 'u-1',
    device_id: 'device-gone',
    title: 't',
    body: 'b',
    url: '/orders',
    tag: 'x',
    status,
    attempts: 0,
    next_attempt_at: null,
    lease_until: null,
    created_at: new Date(),
    updated_at: new Date(),
  });
  const older = olderDatabase(config, (db) =>
    db.collection('alerts').insertMany([push('old-queued', 'queued'), push('sent', 'sent')] as never[]),
  );

  it('a queued push is worked on after the boot (its device is gone: dropped); a sent one is left alone', async () => {
    const { db } = older;
    older.apps.push(await startServiceApp('notifications', NotificationsModule.forRoot(config), config.NATS_URL));
    const log = await db.collection(MIGRATIONS_CHANGELOG).find({}).toArray();
    expect(log.map((e) => e.fileName)).toEqual(['202612071200-queued-pushes-due.ts']);
    await expect
      .poll(async () => (await db.collection('alerts').findOne({ _id: 'old-queued' } as never))?.status, { timeout: 15_000 })
      .toBe('dropped');
    expect((await db.collection('alerts').findOne({ _id: 'sent' } as never))?.status).toBe('sent');
  });
});
