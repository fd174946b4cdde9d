import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { AppModule as CartModule, cartConfig } from '@popote/cart/app';
import { AppModule as CatalogueModule, catalogueConfig, seedCatalogue } from '@popote/catalogue/app';
import {
  AccountEvents,
  CartRpc,
  CatalogueRpc,
  PaymentsRpc,
  PickupRpc,
  STREAMS,
  subjectOf,
  type Actor,
  type PickupSettingsInput,
} from '@popote/contracts';
import { AppModule as IdentityModule, identityConfig, seedIdentity } from '@popote/identity/app';
import { AppModule as OrderingModule, orderingConfig } from '@popote/ordering/app';
import { AppModule as PaymentsModule, paymentsConfig } from '@popote/payments/app';
import { makeEnvelope, PeriodicJobs } from '@popote/platform';
import {
  eventually,
  PICKUP_ALL_DAY,
  resetJetStream,
  serviceEnv,
  SLOT_MARGIN_MS,
  slotWithMargin,
  startServiceApp,
  testNats,
  testRpcClient,
} from '@popote/testing';
import type { Connection, mongo } from 'mongoose';
import type { OrderDoc, RefundDoc } from './documents';

export const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
export const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
let n = 0;
export const consumer = (): Actor => ({ user_id: `buyer-${++n}-${Date.now()}`, user_type: 'consumer' });
/** The cap on one buyer's reservations a day in these stacks (payments' CHECKOUT_RESERVATIONS_PER_DAY). */
export const RESERVATIONS_PER_DAY = 5;
export const cook = (id: string): Actor => ({ user_id: id, user_type: 'cook' });

/** Pick-up every day, all day, by quarter hours, no cutoff, room for everyone: tests not about slots. */
export const OPEN_ALL_DAY: PickupSettingsInput = PICKUP_ALL_DAY;

/**
 * A service's own database, raw (collections by name, as the tests only count, read outcomes and
 * move an expiry): through the Mongoose connection of its running app, never its schema classes.
 */
export const databaseOf = (app: INestApplication): mongo.Db => app.get<Connection>(getConnectionToken(), { strict: false }).db!;

/**
 * Runs one of an app's periodic jobs now, by the name its `@PeriodicJob` gives it (the platform's
 * registry): how the tests trigger a sweep without the service's classes. `args` go to the job.
 */
export const runJob = <T>(app: INestApplication, name: string, ...args: unknown[]): Promise<T> =>
  app.get(PeriodicJobs, { strict: false }).runNow<T>(name, ...args);

/** What payments' reconciliation sweep reports (its `reconciliation` job). */
export interface ReconcileOutcome {
  reannounced: number;
  refunded: number;
  /** Orders still open a week after their slot, closed at this pass. */
  closed: number;
  /** Paid checkouts not settled two weeks after their payment (`popote_reconcile_overdue_checkouts`). */
  overdue: number;
}

/**
 * The services of the checkout saga in this process, each with its own database, on the test NATS.
 * They are started from their public entries (`@popote/<service>/app`) and talked to through their
 * contracts (RPC, events); their databases are read raw, by collection name.
 */
export async function startStack(file: string, settings: { payments?: Record<string, string> } = {}) {
  await resetJetStream();
  const env = (s: string) => serviceEnv(s, file);
  const catalogueEnv = env('catalogue');
  const identityEnv = env('identity');
  const orderingEnv = env('ordering');
  const nats = catalogueEnv.NATS_URL!;
  const startCatalogue = () => startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(catalogueEnv)), nats);
  const startOrdering = () => startServiceApp('ordering', OrderingModule.forRoot(orderingConfig(orderingEnv)), nats);
  let catalogue = await startCatalogue();
  await seedCatalogue(catalogueEnv);
  await seedIdentity(identityEnv);
  const others: INestApplication[] = [
    await startServiceApp('identity', IdentityModule.forRoot(identityConfig(identityEnv)), nats),
    await startServiceApp('cart', CartModule.forRoot(cartConfig(env('cart'))), nats),
  ];
  const ordering = await startOrdering();
  // The reconciliation sweep runs when a test asks (RECONCILE_INTERVAL_MS 0), on checkouts of any age.
  const paymentsEnv = serviceEnv('payments', file, {
    RECONCILE_INTERVAL_MS: '0',
    RECONCILE_AFTER_MS: '0',
    PAYOUT_SCHEDULE: 'off',
    CHECKOUT_RESERVATIONS_PER_DAY: String(RESERVATIONS_PER_DAY),
    ...settings.payments,
  });
  const startPayments = () => startServiceApp('payments', PaymentsModule.forRoot(paymentsConfig(paymentsEnv)), nats);
  const payments = await startPayments();
  others.push(ordering, payments);
  const rpc = await testRpcClient(nats);
  const databases = { ordering: databaseOf(ordering), payments: databaseOf(payments) };
  const orders = databases.ordering.collection<OrderDoc>('orders');
  const refunds = databases.payments.collection<RefundDoc>('refunds');

  /**
   * As a buyer does: for each cook of the cart, a slot offered — `marginMs` after the first one
   * offered (`slotWithMargin`), so that it is neither past nor closed while the test runs, whatever the hour.
   */
  const chooseSlots = async (actor: Actor, marginMs = SLOT_MARGIN_MS) => {
    const cart = await rpc.call(CartRpc.getCart, { actor });
    const cooks = [...new Set(cart.items.map((l) => l.meal.cook_id))];
    return Promise.all(
      cooks.map(async (cookId) => {
        const lines = cart.items.filter((l) => l.meal.cook_id === cookId);
        const { slots } = await rpc.call(PickupRpc.pickupSlots, {
          cook_id: cookId,
          meal_ids: lines.map((l) => l.meal_id),
          portions: lines.reduce((n, l) => n + l.quantity, 0),
          limit: 100,
        });
        const slot = slotWithMargin(slots, marginMs);
        if (!slot) throw new Error(`no slot offered by ${cookId}`);
        return { cook_id: cookId, start: slot.start };
      }),
    );
  };
  const intent = async (actor: Actor, marginMs = SLOT_MARGIN_MS) =>
    rpc.call(PaymentsRpc.createPaymentIntent, { actor, slots: await chooseSlots(actor, marginMs) });

  const stack = {
    rpc,
    payments,
    orders,
    refunds,
    nats,
    /** A service's database, raw (the catalogue's: of the instance running now). */
    db: (service: 'catalogue' | 'ordering' | 'payments') => (service === 'catalogue' ? databaseOf(catalogue) : databases[service]),
    /** Payments' reconciliation sweep, once, now. */
    reconcile: () => runJob<ReconcileOutcome>(payments, 'reconciliation'),
    stock: async (mealId: string) => (await rpc.call(CatalogueRpc.getMeal, { meal_id: mealId })).meal!.portions_available,
    /** A cook's pick-up rules (every test cook gets OPEN_ALL_DAY with their first meal). */
    setPickup: (cookId: string, input: PickupSettingsInput = OPEN_ALL_DAY) =>
      rpc.call(PickupRpc.updatePickupSettings, { actor: cook(cookId), input }),
    newMeal: async (cookId: string, portions: number, price = 1000) => {
      if (!(await rpc.call(PickupRpc.pickupSettings, { actor: cook(cookId) })).settings) await stack.setPickup(cookId);
      return (
        await rpc.call(CatalogueRpc.createMeal, {
          actor: cook(cookId),
          cook_name: cookId,
          input: {
            name: `Plat ${cookId} ${++n}`,
            description: 'Fait maison',
            price_cents: price,
            portions_available: portions,
            ingredients: ['Riz'],
            allergens: [],
            category: 'healthy',
            preparation_time: 10,
            available_date: new Date().toISOString(),
            cooking_details: '',
            serving_suggestions: '',
            dietary_info: '',
            storage_instructions: '',
          },
        })
      ).meal.meal_id;
    },
    chooseSlots,
    intent,
    /** Reserves (`intent`, a slot `marginMs` after the first offered) and pays with `card`. */
    pay: async (actor: Actor, card = VISA, marginMs = SLOT_MARGIN_MS) => {
      const paymentIntent = await intent(actor, marginMs);
      const { checkout } = await rpc.call(PaymentsRpc.confirmSandboxPayment, {
        actor,
        checkout_id: paymentIntent.checkout.checkout_id,
        card,
      });
      return { intent: paymentIntent, checkout };
    },
    /** Buys `quantity` of a meal and waits until the order's stock is settled. */
    buy: async (actor: Actor, mealId: string, quantity = 1) => {
      await rpc.call(CartRpc.addItem, { actor, meal_id: mealId, quantity });
      const { checkout } = await stack.pay(actor);
      const [order] = await stack.settled(checkout.checkout_id, 1);
      return order;
    },
    /**
     * The checkout's orders once the catalogue has applied each (its own record, `stockApplications`:
     * nobody is told of a commit since checkout v3) and ordering has cancelled the ones it rejected;
     * each order with `stock`, the catalogue's outcome.
     */
    settled: (checkoutId: string, count: number) =>
      eventually(async () => {
        const docs = await orders.find({ checkout_id: checkoutId }).toArray();
        if (docs.length !== count) return undefined;
        const applied = await databaseOf(catalogue)
          .collection<{ _id: string; result: 'committed' | 'rejected' | 'void' }>('stockApplications')
          .find({ _id: { $in: docs.map((o) => o._id) } })
          .toArray();
        const stock = new Map(applied.map((a) => [a._id, a.result]));
        if (docs.some((o) => !stock.has(o._id) || (stock.get(o._id) === 'rejected' && o.stock_status !== 'rejected'))) return undefined;
        return docs.map((o) => ({ ...o, stock: stock.get(o._id)! }));
      }, 20_000),
    /**
     * Identity's word that `user` is erased (account-erasure-requested), delivered twice (two event
     * ids), as every service receives it. Answers the first event's id.
     */
    erase: async (user: Actor) => {
      const nc = await testNats(nats);
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
    },
    /** Until a service's durable consumers (`<service>-…`) have handled every event they were given. */
    drained: async (service: string) => {
      const nc = await testNats(nats);
      try {
        const jsm = await jetstreamManager(nc);
        await eventually(async () => {
          const mine = (await jsm.consumers.list(STREAMS.events.name).next()).filter((c) => c.name.startsWith(`${service}-`));
          return mine.length > 0 && mine.every((c) => c.num_pending === 0 && c.num_ack_pending === 0);
        }, 20_000);
      } finally {
        await nc.close();
      }
    },
    catalogue: () => catalogue,
    ordering: () => ordering,
    identity: () => others[0]!,
    /** A second catalogue instance on the same database and NATS (two replicas side by side). */
    startCatalogueReplica: () => startCatalogue(),
    /** A second ordering instance on the same database and NATS. */
    startOrderingReplica: () => startOrdering(),
    /** A second payments instance on the same database and NATS (closed by `stop`). */
    startPaymentsReplica: async () => {
      const replica = await startPayments();
      others.push(replica);
      return replica;
    },
    restartCatalogue: async () => {
      catalogue = await startCatalogue();
    },
    stop: async () => {
      await rpc.close();
      for (const app of [...others].reverse()) await app.close();
      await catalogue.close().catch(() => undefined);
    },
  };
  return stack;
}
export type Stack = Awaited<ReturnType<typeof startStack>>;
