import { unlimitedRateLimits } from '@popote/contracts';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { freeTestOffset, instanceOf, launch, profile, repoRoot, SERVICES, type Launched, type Profile } from '@popote/local';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmAccountsIn,
  createIntent,
  createMeal,
  person,
  signUp,
  stopConfirmingAccounts,
  type Person,
  type SlotPicker,
} from '../src/checkout';

/**
 * Chaos (ADR 0004): checkouts across many cooks while service instances are killed with SIGKILL,
 * then the outcome counted from the databases — not from logs.
 * `CHAOS_CHECKOUTS` (default 200), `CHAOS_COOKS` (20), `CHAOS_KILL_EVERY_MS` (3000),
 * `CHAOS_NATS_CLUSTER=1` runs NATS as a 3-node JetStream cluster (streams replicated 3 times) and
 * also kills one NATS node mid-run.
 */
const CHECKOUTS = Number(process.env.CHAOS_CHECKOUTS ?? 200);
const COOKS = Number(process.env.CHAOS_COOKS ?? 20);
const PORTIONS = Number(process.env.CHAOS_PORTIONS ?? 9); // 20 × 9 = 180 < 200: some buyers lose the race
const KILL_EVERY_MS = Number(process.env.CHAOS_KILL_EVERY_MS ?? 3000);
const CONCURRENCY = 8;
/** Reservations last this long here (the launcher passes it to the catalogue), so the run can watch them all run out. */
const RESERVATION_TTL_SECONDS = 30;
const CLUSTER = process.env.CHAOS_NATS_CLUSTER === '1';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class SoldOut extends Error {}

/**
 * What a person does when the site answers an error: waits a little and tries again — except when
 * the answer is that the dish is sold out.
 */
async function retrying<T>(what: string, fn: () => Promise<T>, attempts = 60): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (err) {
      if (/stock insuffisant|plus disponible/i.test((err as Error).message)) throw new SoldOut((err as Error).message);
      last = err;
      await sleep(Math.min(2000, 200 + 100 * i));
    }
  }
  throw new Error(`${what}: still failing after ${attempts} attempts: ${(last as Error).message}`);
}

const CARD = '{number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}';

/**
 * How far after the first slot offered a buyer's slot starts. The cooks' slots are quarter hours
 * with no cutoff (createMeal's rules): the first one offered starts within 15 minutes, and a run
 * with kills lasts longer than that. A payment retried, or a reservation renewed (they last
 * RESERVATION_TTL_SECONDS here), after that slot started is refused for good ('Ce créneau de
 * retrait est déjà passé') — what failed a run started at 06:57. Two hours on, the slot outlives the run.
 */
const SLOT_MARGIN_MS = 2 * 3600_000;

/** A slot offered SLOT_MARGIN_MS after the first one (or the last offered); createIntent reads them again on each retry. */
const laterSlot: SlotPicker = (offered) => {
  const from = Date.parse(offered[0]!.start) + SLOT_MARGIN_MS;
  return offered.find((s) => Date.parse(s.start) >= from) ?? offered[offered.length - 1]!;
};

/** One buyer: one portion of one meal, paid; some cancel right after. Returns the checkout id if paid. */
async function buy(gql: Person, mealId: string, cancel: boolean): Promise<string | null> {
  let checkoutId: string;
  try {
    // Idempotent steps only, so a retry after a lost answer does not buy twice.
    await retrying('cart', () => gql('mutation($m: ID!) { setCartQuantity(meal_id: $m, quantity: 1) { item_count } }', { m: mealId }));
    checkoutId = await retrying('intent', () => createIntent(gql, laterSlot));
  } catch (err) {
    if (err instanceof SoldOut) return null; // sold out before paying: nothing to check
    throw err;
  }
  try {
    await retrying('payment', async () => {
      const state = await gql('query($id: ID!) { checkout(checkout_id: $id) { status } }', { id: checkoutId });
      if (state.checkout?.status === 'succeeded') return;
      const r = await gql(`mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: ${CARD}) { status } }`, { id: checkoutId });
      if (r.confirmSandboxPayment.status !== 'succeeded') throw new Error(`payment ${r.confirmSandboxPayment.status}`);
    });
  } catch (err) {
    // The reservation ran out while the retries went on and the food went to others: the sandbox
    // renews before charging and refuses — not paid, nothing to check.
    if (err instanceof SoldOut) return null;
    throw err;
  }
  if (cancel) {
    const orderId = await retrying('orders', async () => {
      const r = await gql('query($id: ID!) { checkoutOrders(checkout_id: $id) { order_id } }', { id: checkoutId });
      if (!r.checkoutOrders.length) throw new Error('no order yet');
      return r.checkoutOrders[0].order_id as string;
    });
    await retrying('cancel', async () => {
      try {
        await gql('mutation($id: ID!) { cancelOrder(order_id: $id) { order_status } }', { id: orderId });
      } catch (err) {
        if (!/annulée|Impossible/i.test((err as Error).message)) throw err; // already cancelled (stock ran out)
      }
    });
  }
  return checkoutId;
}

interface Outcome {
  paid: number;
  orders: number;
  lostOrders: string[];
  doubledOrders: string[];
  pendingStock: number;
  committed: number;
  rejected: number;
  cancelled: number;
  refunds: number;
  refundsMissing: string[];
  refundsUnexpected: string[];
  stockMismatch: string[];
  negativeStock: string[];
  applicationsMismatch: string[];
  /** Meal cards whose copy of the stock (the read model, ADR 0016) is not what the stock has free. */
  cardMismatch: string[];
  /** Reservations still counted in a stock or a slot after their expiry and the sweep (must be none). */
  reservationsLeft: string[];
  /** Reservations whose state is still 'held' after their expiry and the sweep. */
  heldPastExpiry: number;
  /** Reservations committed more than once (an order's reservation is its order id). */
  committedTwice: string[];
}

/** Everything counted from the services' own databases. */
async function count(mongo: MongoClient, checkoutIds: string[], meals: Map<string, number>): Promise<Outcome> {
  const payments = mongo.db('popote_payments');
  const ordering = mongo.db('popote_ordering');
  const catalogue = mongo.db('popote_catalogue');
  const paid = await payments
    .collection('checkouts')
    .find({ _id: { $in: checkoutIds as never[] }, status: 'succeeded' }, { projection: { _id: 1 } })
    .toArray();
  const paidIds = paid.map((c) => String(c._id));
  const orders = await ordering
    .collection('orders')
    .find({ checkout_id: { $in: paidIds } }, { projection: { _outbox: 0 } })
    .toArray();
  const perCheckout = new Map<string, number>();
  for (const o of orders) perCheckout.set(o.checkout_id, (perCheckout.get(o.checkout_id) ?? 0) + 1);
  const refunds = await payments
    .collection('refunds')
    .find({ checkout_id: { $in: paidIds } })
    .toArray();
  const refunded = new Map(refunds.map((r) => [String(r._id), r]));
  const applications = new Map(
    (
      await catalogue
        .collection('stockApplications')
        .find({ _id: { $in: orders.map((o) => o._id) } }, { projection: { _outbox: 0 } })
        .toArray()
    ).map((a) => [String(a._id), a]),
  );
  const stockDocs = await catalogue
    .collection('stock')
    .find({ _id: { $in: [...meals.keys()] as never[] } })
    .toArray();
  const stock = new Map(stockDocs.map((s) => [String(s._id), s.portions as number]));
  const cards = new Map(
    (
      await catalogue
        .collection('meals')
        .find({ _id: { $in: [...meals.keys()] as never[] } }, { projection: { portions: 1, portions_seq: 1, portions_v: 1 } })
        .toArray()
    ).map((c) => [String(c._id), c]),
  );
  const now = Date.now();
  const live = (holds: { expires_at: Date }[] | undefined) => (holds ?? []).filter((h) => new Date(h.expires_at).getTime() > now);
  const free = (s: { portions: number; holds?: { quantity: number; expires_at: Date }[] }) =>
    s.portions - live(s.holds).reduce((n, h) => n + h.quantity, 0);
  const cooks = [...new Set(stockDocs.map((s) => s.cook_id as string))];
  const slotLoads = await catalogue
    .collection('slotLoads')
    .find({ cook_id: { $in: cooks } })
    .toArray();
  const reservations = await catalogue
    .collection('slotHolds')
    .find({ cook_id: { $in: cooks } }, { projection: { state: 1, expires_at: 1 } })
    .toArray();
  const committedHolds = new Map<string, number>();
  for (const r of reservations)
    if (r.state === 'committed' || r.state === 'freed') committedHolds.set(String(r._id), (committedHolds.get(String(r._id)) ?? 0) + 1);
  // Portions that must be gone: committed orders not cancelled.
  const taken = new Map<string, number>();
  // Each order's stock outcome is the catalogue's own record (nobody is told of a commit since checkout v3).
  const outcomeOf = (o: { _id: unknown }) => applications.get(String(o._id))?.result as 'committed' | 'rejected' | 'void' | undefined;
  for (const o of orders)
    if (outcomeOf(o) === 'committed' && o.order_status !== 'cancelled')
      for (const i of o.items) taken.set(i.meal_id, (taken.get(i.meal_id) ?? 0) + i.quantity);
  return {
    paid: paidIds.length,
    orders: orders.length,
    lostOrders: paidIds.filter((id) => !perCheckout.has(id)),
    doubledOrders: [...perCheckout].filter(([, n]) => n > 1).map(([id]) => id),
    pendingStock: orders.filter((o) => !outcomeOf(o)).length,
    committed: orders.filter((o) => outcomeOf(o) === 'committed').length,
    rejected: orders.filter((o) => outcomeOf(o) === 'rejected').length,
    cancelled: orders.filter((o) => o.order_status === 'cancelled').length,
    refunds: refunds.length,
    refundsMissing: orders
      .filter((o) => o.order_status === 'cancelled' && refunded.get(String(o._id))?.status !== 'made')
      .map((o) => `${String(o._id)} (${refunded.get(String(o._id))?.status ?? 'none'})`),
    refundsUnexpected: refunds
      .filter((r) => orders.find((o) => String(o._id) === String(r._id))?.order_status !== 'cancelled')
      .map((r) => String(r._id)),
    stockMismatch: [...meals]
      .filter(([id, initial]) => stock.get(id) !== initial - (taken.get(id) ?? 0))
      .map(([id, initial]) => `${id}: ${stock.get(id)} left, expected ${initial} - ${taken.get(id) ?? 0}`),
    negativeStock: [...stock].filter(([, n]) => n < 0).map(([id]) => id),
    // A rejected order is cancelled by ordering (and only a rejected one is marked so).
    applicationsMismatch: orders
      .filter((o) => (outcomeOf(o) === 'rejected') !== (o.stock_status === 'rejected' && o.order_status === 'cancelled'))
      .map((o) => `${String(o._id)}: order ${o.stock_status} ${o.order_status}, stock ${outcomeOf(o)}`),
    // The card shows what the stock has free. Its version may lag a write that left the free count
    // as it was (a sale from the buyer's own hold copies nothing, ADR 0021), never lead the stock's.
    cardMismatch: stockDocs
      .filter((s) => {
        const c = cards.get(String(s._id));
        return c?.portions !== free(s as never) || c?.portions_v == null || c.portions_v > (s.v ?? 0);
      })
      .map((s) => {
        const c = cards.get(String(s._id));
        return `${String(s._id)}: card ${c?.portions} (v ${c?.portions_v}), stock ${free(s as never)} free (v ${s.v})`;
      }),
    reservationsLeft: [
      ...stockDocs.filter((s) => (s.holds ?? []).length).map((s) => `stock ${String(s._id)}: ${(s.holds ?? []).length} hold(s)`),
      ...slotLoads.filter((l) => (l.holds ?? []).length).map((l) => `slot ${String(l._id)}: ${(l.holds ?? []).length} hold(s)`),
    ],
    heldPastExpiry: reservations.filter((r) => r.state === 'held' && new Date(r.expires_at).getTime() <= now).length,
    committedTwice: [...committedHolds].filter(([, n]) => n > 1).map(([id]) => id),
  };
}

describe(`chaos: checkouts while instances are killed (2 instances per service${CLUSTER ? ', 3-node NATS cluster' : ''})`, () => {
  let app: Launched;
  let ports: Profile;
  let mongo: MongoClient;
  const kills: string[] = [];

  beforeAll(async () => {
    // Every buyer is 127.0.0.1 here: the per-address limits are raised (they are tested elsewhere).
    for (const [name, value] of Object.entries(unlimitedRateLimits())) process.env[name] ??= value;
    process.env.RESERVATION_TTL_SECONDS = String(RESERVATION_TTL_SECONDS);
    await freeTestOffset();
    const p = { ...profile('test'), dataDir: join(repoRoot(), '.data', 'chaos') };
    ports = p;
    rmSync(p.dataDir, { recursive: true, force: true });
    app = await launch(p, { replicas: 2, seed: false, log: () => undefined, natsCluster: CLUSTER });
    mongo = await MongoClient.connect(app.env.MONGO_URL);
    await confirmAccountsIn(app.env.MONGO_URL);
  }, 240_000);

  afterAll(async () => {
    await stopConfirmingAccounts();
    await mongo?.close();
    await app?.stop();
  }, 60_000);

  it(`${CHECKOUTS} checkouts across ${COOKS} cooks, a random instance killed every ${KILL_EVERY_MS / 1000} s: nothing lost, nothing doubled`, async () => {
    const bff = app.urls.bff;
    const meals = new Map<string, number>();
    const mealIds: string[] = [];
    for (let i = 0; i < COOKS; i++) {
      const cook = person(bff);
      await signUp(cook, 'cook', i);
      const id = await createMeal(cook, PORTIONS, `Plat du chaos ${i}`);
      meals.set(id, PORTIONS);
      mealIds.push(id);
    }
    const buyers: Person[] = [];
    for (let i = 0; i < CHECKOUTS; i++) {
      const gql = person(bff);
      await signUp(gql, 'consumer', i);
      buyers.push(gql);
    }

    // The killer: SIGKILL a random instance of a random service whose other instance is up (the
    // replicas keep the service available, as in production); the launcher restarts it.
    const ready = async (service: (typeof SERVICES)[number], i: number) =>
      fetch(`http://127.0.0.1:${instanceOf(service, ports.services[service], i).port}/health/ready`, { signal: AbortSignal.timeout(1000) })
        .then((r) => r.ok)
        .catch(() => false);
    let killing = true;
    const killer = (async () => {
      await sleep(KILL_EVERY_MS);
      while (killing) {
        const service = SERVICES[Math.floor(Math.random() * SERVICES.length)];
        const i = Math.floor(Math.random() * 2);
        const name = instanceOf(service, ports.services[service], i).name;
        const pid = (await ready(service, 1 - i)) ? app.processes.get(name)?.child.pid : undefined;
        if (pid) {
          try {
            process.kill(pid, 'SIGKILL');
            kills.push(name);
          } catch {
            /* already restarting */
          }
        }
        if (CLUSTER && kills.length === 3 && !kills.includes('nats-2')) {
          await app.servers.kill('nats-2');
          kills.push('nats-2');
        }
        await sleep(KILL_EVERY_MS);
      }
    })();

    const checkoutIds: string[] = [];
    let next = 0;
    try {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < buyers.length) {
            const i = next++;
            const id = await buy(buyers[i], mealIds[i % COOKS], i % 10 === 3);
            if (id) checkoutIds.push(id);
          }
        }),
      );
    } finally {
      killing = false;
      await killer;
    }
    expect(kills.length).toBeGreaterThan(2);
    if (CLUSTER) {
      // The streams were replicated on the three nodes, and one node was lost mid-run.
      expect(kills).toContain('nats-2');
      const nc = await connect({
        servers: app.env.NATS_URL.split(','),
        user: app.env.NATS_OBSERVER_USER,
        pass: app.env.NATS_OBSERVER_PASSWORD,
        inboxPrefix: `_INBOX_${app.env.NATS_OBSERVER_USER}`,
      });
      const info = await (await jetstreamManager(nc)).streams.info('EVENTS');
      await nc.close();
      expect(info.config.num_replicas).toBe(3);
    }

    // Settle: every paid checkout's order reaches a stock outcome and every cancellation its refund.
    let outcome = await count(mongo, checkoutIds, meals);
    const deadline = Date.now() + 180_000;
    while (
      Date.now() < deadline &&
      (outcome.lostOrders.length ||
        outcome.pendingStock ||
        outcome.applicationsMismatch.length ||
        outcome.refundsMissing.length ||
        outcome.stockMismatch.length ||
        outcome.cardMismatch.length)
    ) {
      await sleep(1000);
      outcome = await count(mongo, checkoutIds, meals);
    }
    // Then every reservation left (abandoned by a killed instance, or never paid) runs out and is
    // swept: nothing may still be held, in a stock or a slot, past its expiry.
    const sweptBy = Date.now() + (RESERVATION_TTL_SECONDS + 20) * 1000 + 40_000;
    await sleep((RESERVATION_TTL_SECONDS + 20) * 1000);
    outcome = await count(mongo, checkoutIds, meals);
    while (Date.now() < sweptBy && (outcome.reservationsLeft.length || outcome.heldPastExpiry || outcome.cardMismatch.length)) {
      await sleep(1000);
      outcome = await count(mongo, checkoutIds, meals);
    }
    console.log(`chaos: ${kills.length} kills (${kills.join(', ')}); outcome ${JSON.stringify(outcome)}`);

    expect(outcome.paid).toBe(checkoutIds.length);
    expect(outcome.lostOrders).toEqual([]);
    expect(outcome.doubledOrders).toEqual([]);
    expect(outcome.orders).toBe(outcome.paid);
    expect(outcome.pendingStock).toBe(0);
    expect(outcome.applicationsMismatch).toEqual([]);
    expect(outcome.negativeStock).toEqual([]);
    expect(outcome.stockMismatch).toEqual([]);
    // Every card shows its stock: a kill between the stock write and the card's copy was repaired.
    expect(outcome.cardMismatch).toEqual([]);
    expect(outcome.refundsMissing).toEqual([]);
    expect(outcome.refundsUnexpected).toEqual([]);
    expect(outcome.refunds).toBe(outcome.cancelled);
    // Reservations: none outlives its expiry, none is committed twice.
    expect(outcome.reservationsLeft).toEqual([]);
    expect(outcome.heldPastExpiry).toBe(0);
    expect(outcome.committedTwice).toEqual([]);
    // The run really exercised both outcomes and the cancellations.
    expect(outcome.committed).toBeGreaterThan(0);
    expect(outcome.cancelled).toBeGreaterThan(0);
  }, 900_000);
});
