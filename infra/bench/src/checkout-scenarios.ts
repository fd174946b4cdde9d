// `./popote bench checkout`: the checkout scenarios, each in a launch of the product with 1 and then
// 2 instances per service (BENCH_REPLICAS), after the building blocks on servers of their own.

import { instanceOf, profile, repoRoot, SERVICES, startServers } from '@popote/local';
import { MongoClient } from 'mongodb';
import { join } from 'node:path';
import { confirmAccountsIn, createIntent, createMeal, payWithSandboxCard, person, signUp, stopConfirmingAccounts } from './buyers';
import { fillStore } from './big-store';
import { checkoutBench, natsAccessOf } from './checkout';
import { drained } from './checkout-measure';
import { freshLaunch, liftRateLimits } from './fresh-launch';
import { primitives } from './primitives';
import { writeReport, type RunMeta } from './report';
import { percentile } from './stats';

/**
 * 40 buyers racing for the last 5 portions of one dish (docs/checkout.md): each asks for a payment
 * intent (the reservation) and pays if it got one. Counted from the databases: orders kept, refunds,
 * what is left; the time until every buyer knew (paid, or refused before paying).
 */
async function lastPortionsRace(bff: string, mongoUrl: string) {
  const cook = person(bff);
  await signUp(cook, 'cook', 999);
  const mealId = await createMeal(cook, 5, 'Dernières portions');
  const buyers: ReturnType<typeof person>[] = [];
  for (let i = 0; i < 40; i++) {
    const gql = person(bff);
    await signUp(gql, 'consumer', 1000 + i);
    buyers.push(gql);
  }
  // Every buyer puts the dish in the cart first (there are 5), then they all go to pay at once.
  await Promise.all(buyers.map((gql) => gql('mutation($m: ID!) { addToCart(meal_id: $m) { item_count } }', { m: mealId })));
  const started = Date.now();
  const intentMs: number[] = [];
  const refusals: string[] = [];
  const outcomes = await Promise.all(
    buyers.map(async (gql) => {
      const asked = Date.now();
      let id: string;
      try {
        id = await createIntent(gql);
      } catch (err) {
        intentMs.push(Date.now() - asked);
        refusals.push((err as Error).message);
        return { refused: true, at: Date.now() };
      }
      intentMs.push(Date.now() - asked);
      await payWithSandboxCard(gql, id);
      return { id, at: Date.now() };
    }),
  );
  const checkouts = outcomes.flatMap((o) => ('id' in o && o.id ? [o.id] : []));
  const client = await MongoClient.connect(mongoUrl);
  try {
    const orders = client.db('popote_ordering').collection('orders');
    const applications = client.db('popote_catalogue').collection('stockApplications');
    // Settled: each paid order applied by the catalogue (its own record), and a rejected one cancelled by ordering.
    let settled: { result: string }[] = [];
    while (Date.now() - started < 120_000) {
      const placed = (await orders.find({ checkout_id: { $in: checkouts } }, { projection: { stock_status: 1 } }).toArray()) as never as {
        _id: string;
        stock_status: string;
      }[];
      settled = (await applications
        .find({ _id: { $in: placed.map((o) => o._id) as never[] } }, { projection: { result: 1 } })
        .toArray()) as never;
      const rejected = new Set(settled.filter((a) => a.result === 'rejected').map((a) => (a as never as { _id: string })._id));
      if (
        placed.length === checkouts.length &&
        settled.length === placed.length &&
        placed.every((o) => !rejected.has(o._id) || o.stock_status === 'rejected')
      )
        break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const settledAt = Date.now();
    const stock = await client
      .db('popote_catalogue')
      .collection('stock')
      .findOne({ _id: mealId as never });
    const refunds = await client
      .db('popote_payments')
      .collection('refunds')
      .countDocuments({ checkout_id: { $in: checkouts } });
    const sorted = [...intentMs].sort((a, b) => a - b);
    return {
      buyers: buyers.length,
      paid: checkouts.length,
      refused_before_paying: refusals.length,
      refusal_messages: [...new Set(refusals.map((m) => m.replace(/^.* : /, '… : ')))],
      kept: settled.filter((a) => a.result === 'committed').length,
      cancelled: settled.filter((a) => a.result === 'rejected').length,
      refunds,
      stock_left: stock?.portions,
      reserved_left: (stock?.holds as unknown[] | undefined)?.length ?? 0,
      /** Until every buyer was answered (refused, or paid) and every paid order settled. */
      settle_seconds: +((Math.max(settledAt, ...outcomes.map((o) => o.at)) - started) / 1000).toFixed(2),
      intent_ms: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? 0 },
    };
  } finally {
    await client.close();
  }
}

/** The checkout scenarios in one launch with `replicas` instances of every service. */
async function checkoutScenarios(replicas: number) {
  // Durable, as `./popote start` and a production store are (every acknowledged write kept):
  // BENCH_DURABLE=0 runs it on a throwaway store instead (no fsync, no synchronous commit).
  const durable = process.env.BENCH_DURABLE !== '0';
  const { p, app } = await freshLaunch(`bench-checkout-${replicas}`, { replicas, seed: false, durable });
  const load = { buyers: Number(process.env.BENCH_CHECKOUTS ?? 200), concurrency: Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 8) };
  await confirmAccountsIn(app.env.MONGO_URL);
  // What the counts of one order are read from: NATS's monitoring port, each service instance's /metrics.
  const counting = {
    natsMonitorUrl: `http://127.0.0.1:${p.servers.natsMonitor}`,
    serviceMetrics: SERVICES.flatMap((service) =>
      Array.from({ length: replicas }, (_, i) => {
        const { name, port } = instanceOf(service, p.services[service], i);
        return { name, url: `http://127.0.0.1:${port}/health/metrics` };
      }),
    ),
  };
  try {
    const bench = (opts: {
      buyers: number;
      concurrency: number;
      cooks: number;
      untilVisible?: boolean;
      delivery?: boolean;
      promo?: boolean;
    }) => checkoutBench(app.urls.bff, natsAccessOf(app.env), { ...opts, counting });
    // One checkout at a time, each followed until the buyer sees the paid order.
    const oneAtATime = { buyers: 30, concurrency: 1, cooks: 20, untilVisible: true };
    // Warm-up: every path once (connections, JIT, consumers created).
    await bench({ buyers: 16, concurrency: 4, cooks: 4 });
    const out: Record<string, unknown> = {};
    /** Seconds waited before each scenario until every consumer of the events had nothing pending. */
    const settled: Record<string, number | null> = {};
    // A scenario that fails is reported as such; the others still run.
    const scenario = async (name: string, run: () => Promise<unknown>) => {
      // What the previous scenario left to do (a cook's stock worker behind its orders) is not this one's work.
      settled[name] = await drained(counting.natsMonitorUrl);
      try {
        out[name] = await run();
      } catch (err) {
        out[name] = { error: (err as Error).message };
      }
    };
    // BENCH_CHECKOUT_SCENARIOS (comma list: cooks_1, cooks_20, cooks_20_delivery, cooks_20_promo, unloaded, last_portions_race, big_store) runs only
    // those; by default all, the unloaded run and the race with 1 instance per service only.
    const only = process.env.BENCH_CHECKOUT_SCENARIOS?.split(',').map((x) => x.trim());
    const wanted = (name: string, byDefault = true) => (only ? only.includes(name) : byDefault);
    for (const cooks of [1, 20]) {
      if (!wanted(`cooks_${cooks}`)) continue;
      console.error(`popote bench: checkouts, ${cooks} cook(s), ${replicas} instance(s) per service`);
      await scenario(`cooks_${cooks}`, () => bench({ ...load, cooks }));
    }
    // The same load, every checkout delivered by the cook (ADR 0044: target ≤ 1.10× cooks_20's cost per order).
    if (wanted('cooks_20_delivery')) {
      console.error(`popote bench: checkouts delivered by the cook, 20 cooks, ${replicas} instance(s) per service`);
      await scenario('cooks_20_delivery', () => bench({ ...load, cooks: 20, delivery: true }));
    }
    // The same load, every checkout with the cook's promotion code (ADR 0045: target ≤ 1.10× cooks_20's cost per order).
    if (wanted('cooks_20_promo')) {
      console.error(`popote bench: checkouts with a promotion code, 20 cooks, ${replicas} instance(s) per service`);
      await scenario('cooks_20_promo', () => bench({ ...load, cooks: 20, promo: true }));
    }
    if (wanted('unloaded', replicas === 1)) {
      console.error('popote bench: one checkout at a time');
      await scenario('unloaded', () => bench(oneAtATime));
    }
    if (wanted('last_portions_race', replicas === 1)) {
      console.error('popote bench: 40 buyers racing for the last 5 portions');
      await scenario('last_portions_race', () => lastPortionsRace(app.urls.bff, app.env.MONGO_URL));
    }
    // Then the same loads on a store holding 50 000 orders (with their checkouts and receipts) and
    // 5 000 other meals: the cost of a checkout must not grow with the data.
    if (wanted('big_store', replicas === 1)) {
      const fill = { orders: Number(process.env.BENCH_FILL_ORDERS ?? 50_000), meals: Number(process.env.BENCH_FILL_MEALS ?? 5_000) };
      console.error(`popote bench: filling the store (${fill.orders} orders, ${fill.meals} meals)`);
      out.big_store_fill = { ...fill, ...(await fillStore(app.env.MONGO_URL, fill)) };
      console.error('popote bench: checkouts, 20 cooks, on the filled store');
      await scenario('big_store_cooks_20', () => bench({ ...load, cooks: 20 }));
      console.error('popote bench: one checkout at a time, on the filled store');
      await scenario('big_store_unloaded', () => bench(oneAtATime));
    }
    return {
      replicas,
      load,
      store: durable
        ? 'durable: PostgreSQL synchronous_commit=on, fsync=on (its defaults)'
        : 'throwaway: PostgreSQL synchronous_commit=off, fsync=off, full_page_writes=off',
      ...out,
      seconds_waited_for_consumers_before: settled,
    };
  } finally {
    await stopConfirmingAccounts();
    await app.stop();
  }
}

/** The building blocks, then the checkout scenarios for each BENCH_REPLICAS (1,2); writes dir/checkout-latest.json. */
export async function checkoutBenchRun(meta: RunMeta, dir: string): Promise<void> {
  // The load comes from one address: the per-client limits would measure the limiter, not the path.
  liftRateLimits();
  // The building blocks on servers of their own (no users: the product's NATS users may not create streams).
  console.error('popote bench: building blocks, one operation at a time');
  const blocks = await startServers({
    dataDir: join(repoRoot(), '.data', 'bench-primitives'),
    ports: profile('test').servers,
    only: ['nats', 'mongo'],
  });
  let building_blocks;
  try {
    building_blocks = await primitives(blocks.env.NATS_URL, blocks.env.MONGO_URL);
  } finally {
    await blocks.stop();
  }
  const runs = [];
  for (const replicas of (process.env.BENCH_REPLICAS ?? '1,2').split(',').map(Number)) runs.push(await checkoutScenarios(replicas));
  writeReport(dir, 'checkout-latest.json', { ...meta, building_blocks, checkout: runs });
}
