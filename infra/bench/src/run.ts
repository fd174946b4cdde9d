import { unlimitedRateLimits } from '@popote/contracts';
import { APPS, nodeOptions } from '@popote/deploy';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  freeTestOffset,
  instanceOf,
  launch,
  profile,
  repoRoot,
  SERVICES,
  spawnManaged,
  startServers,
  waitForHttp,
  type ManagedProcess,
} from '@popote/local';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import {
  checkoutBench,
  confirmAccountsIn,
  createIntent,
  createMeal,
  natsAccessOf,
  person,
  signUp,
  stopConfirmingAccounts,
} from './checkout';
import { adsBench } from './ads';
import { alertsFanout } from './alerts-fanout';
import { fillStore } from './big-store';
import { newestMeals } from './floor/read';
import { pageWeight } from './page-weight';
import { primitives } from './primitives';
import { closedLoop, percentile, type LatencySummary } from './stats';
import { jetstreamState } from './work-counters';

/**
 * `./popote bench`: launches the product on the test ports and measures
 *  - the GraphQL `meals` query against the BFF (16 concurrent closed loops), with the BFF's read
 *    cache off (each read a miss, through NATS to the catalogue) and on (hits), one launch each,
 *  - in each launch, the same read straight against the database (the baseline), in
 *    turns with the GraphQL read (BENCH_ROUNDS rounds, 3 by default; medians reported),
 *  - in the miss launch, the floor of the path in the same rounds: the same hops with no framework
 *    on them (floor/, startFloor), to tell the path's cost from the frameworks',
 *  - the JavaScript a browser downloads to show /meals (shell + consumer remote), gzipped.
 * Writes docs/benchmarks/latest.json and prints a table.
 * `./popote bench web` (also in the default run): initial JavaScript of / and /meals, LCP of /meals
 * under 4× CPU and "Fast 4G" (page-weight.ts); docs/benchmarks/web-latest.json.
 * `./popote bench checkout`: checkout throughput and payment → stock latency with 1 and 20 cooks,
 * with 1 and 2 instances per service, unloaded, and the last-portions race (ADR 0004);
 * docs/benchmarks/checkout-latest.json.
 * `./popote bench alerts-fanout` (not in the default run): a cook with BENCH_FOLLOWERS followers (10 000)
 * publishes a dish: time until every alert is queued and sent, notifications' memory, duplicates
 * (alerts-fanout.ts); docs/benchmarks/alerts-latest.json.
 * `./popote bench ads` (not in the default run): /meals with 50 running campaigns against none, in
 * turns in one launch (ads.ts, ADR 0020); docs/benchmarks/ads-latest.json.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Before the rounds of a launch, each read runs this long under the same load, not measured, so that
 * the rounds see the servers' steady state (JIT-compiled code, sized heaps) rather than 50 requests'
 * worth of warm-up. Without it one launch's GraphQL miss rose round by round (440 → 496 → 517 req/s,
 * 2026-11-26); with it the next gave 456, 416, 421: the machine drifts as much, which is why the
 * rounds alternate with the database read.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);

/** Each measure's median over the rounds (its own median: throughput and each percentile apart). */
function medianOf<T extends object>(rounds: T[]): T {
  const first = rounds[0] as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(first)) {
    if (typeof v !== 'number') {
      out[k] = v;
      continue;
    }
    const sorted = rounds.map((r) => (r as Record<string, number>)[k]).sort((a, b) => a - b);
    out[k] = sorted[Math.floor(sorted.length / 2)];
  }
  return out as T;
}

/** Round by round, how many times the first measure's throughput is the second's. */
const ratioByRound = (over: { throughput: number }[], under: { throughput: number }[]) =>
  over.map((o, i) => +(o.throughput / under[i].throughput).toFixed(2));

const MEALS_QUERY = JSON.stringify({
  query: '{ meals { items { meal_id name cook_name price_cents image_url portions_available } next_cursor } }',
});

/** What autocannon reports for one round (latency percentiles in whole milliseconds: its histogram's unit). */
export interface LoadSummary {
  generator: 'autocannon';
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  p99_9: number;
}

/**
 * GraphQL `meals` under load from autocannon (a maintained HTTP load generator): the same 16
 * connections and seconds as the closed loops, each request a keep-alive POST, each answer checked
 * byte for byte against the one read before the round (the read path does not change the data).
 * Since 2026-11-26 the figures of record for the GraphQL read: the fetch() closed loop below costs
 * ~0.85 s of CPU per second on this 2-core machine and queues the answers in its own event loop,
 * which is most of its p99 (docs/benchmarks.md).
 */
async function graphqlMealsLoad(bff: string, seconds = SECONDS): Promise<LoadSummary> {
  const url = `${bff}/graphql`;
  const headers = { 'content-type': 'application/json' };
  const reference = await fetch(url, { method: 'POST', headers, body: MEALS_QUERY });
  const expected = await reference.text();
  if (!reference.ok || (JSON.parse(expected) as { errors?: unknown[] }).errors) throw new Error(`graphql bench: ${expected}`);
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body: MEALS_QUERY,
    connections: CONNECTIONS,
    duration: seconds,
    expectBody: expected,
  });
  const failed = result.errors + result.timeouts + result.non2xx + result.mismatches;
  if (failed) throw new Error(`graphql bench had ${failed} failed requests (errors, timeouts, non-2xx or answers unlike the first)`);
  const elapsed = result.duration;
  return {
    generator: 'autocannon',
    requests: result.requests.total,
    seconds: +elapsed.toFixed(2),
    throughput: +(result.requests.total / elapsed).toFixed(1),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    p99_9: result.latency.p99_9,
  };
}

/**
 * The GraphQL read in the same closed-loop method as the database read below (fetch() in this
 * process): the figures of record until 2026-11-25, still reported beside autocannon's.
 */
async function graphqlMeals(bff: string) {
  const body = MEALS_QUERY;
  let failures = 0;
  const result = await closedLoop(
    async () => {
      const res = await fetch(`${bff}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const json = (await res.json()) as { errors?: unknown[] };
      if (!res.ok || json.errors) failures++;
    },
    CONNECTIONS,
    SECONDS,
  );
  if (failures) throw new Error(`graphql bench had ${failures} failed requests`);
  return result;
}

/** `n` distinct ports nothing listens on now (the system's picks, all held until all are picked). */
async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * The floor of the read path (floor/bff.ts, floor/catalogue.ts): the same hops — an HTTP GraphQL
 * server, a NATS request on a NATS server of its own (same binary), a process reading the product's
 * database with the driver — with no framework on them. Its first answer must be the product's,
 * byte for byte (the body; not the headers: helmet's and others are the product's): the same read.
 * Returns its URL and how to stop it.
 */
async function startFloor(productBff: string, mongoUrl: string) {
  const dataDir = join(repoRoot(), '.data', 'bench-floor');
  rmSync(dataDir, { recursive: true, force: true });
  const [nats, natsMonitor, http] = await freePorts(3);
  const servers = await startServers({ dataDir, ports: { ...profile('test').servers, nats, natsMonitor }, only: ['nats'] });
  const env = { ...process.env, FLOOR_NATS_URL: servers.env.NATS_URL, MONGO_URL: mongoUrl, FLOOR_PORT: String(http) };
  const procs: ManagedProcess[] = [];
  // Everything started is stopped, whichever stop fails.
  const stop = async () => {
    await Promise.allSettled(procs.map((proc) => proc.stop()));
    await servers.stop();
  };
  try {
    for (const name of ['catalogue', 'bff'])
      procs.push(
        spawnManaged(`floor-${name}`, process.execPath, [join(__dirname, 'floor', `${name}.js`)], {
          env,
          cwd: repoRoot(),
          logFile: join(dataDir, `floor-${name}.log`),
        }),
      );
    const url = `http://127.0.0.1:${http}`;
    await waitForHttp(url, procs[1], 30_000);
    const read = async (bff: string) =>
      (await fetch(`${bff}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: MEALS_QUERY })).text();
    const [product, floor] = [await read(productBff), await read(url)];
    if (product !== floor) throw new Error(`the floor does not answer what the product does:\n${product}\n${floor}`);
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function directDb(mongoUrl: string, seconds = SECONDS) {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const meals = client.db('popote_catalogue').collection('meals');
    // The catalogue's query (floor/read.ts): without `search_text` too since 2026-11-26 06:38 UTC
    // (before, the direct read also carried that normalised copy of the text).
    return await closedLoop(() => newestMeals(meals, 21), CONNECTIONS, seconds);
  } finally {
    await client.close();
  }
}

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
      await gql(
        'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
        { id },
      );
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

/**
 * Waits (3 min at most) until every consumer of the events stream has nothing pending nor awaiting
 * its acknowledgement; returns the seconds it took (null: still busy when the time was up).
 */
async function drained(natsMonitorUrl: string): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    const streams = await jetstreamState(natsMonitorUrl);
    const consumers = streams.find((st) => st.name === 'EVENTS')?.consumer_detail ?? [];
    if (consumers.every((c) => c.num_pending === 0 && c.num_ack_pending === 0)) return +((Date.now() - started) / 1000).toFixed(1);
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

async function checkoutScenarios(replicas: number) {
  const p = { ...profile('test'), dataDir: join(repoRoot(), '.data', `bench-checkout-${replicas}`) };
  rmSync(p.dataDir, { recursive: true, force: true });
  // Durable, as `./popote start` and a production store are (every acknowledged write kept):
  // BENCH_DURABLE=0 runs it on a throwaway store instead (no fsync, no synchronous commit).
  const durable = process.env.BENCH_DURABLE !== '0';
  const app = await launch(p, { log: (l) => console.error(l), replicas, seed: false, durable });
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
    // Warm-up: every path once (connections, JIT, consumers created).
    await checkoutBench(app.urls.bff, natsAccessOf(app.env), { buyers: 16, concurrency: 4, cooks: 4, counting });
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
    // BENCH_CHECKOUT_SCENARIOS (comma list: cooks_1, cooks_20, unloaded, last_portions_race, big_store) runs only
    // those; by default all, the unloaded run and the race with 1 instance per service only.
    const only = process.env.BENCH_CHECKOUT_SCENARIOS?.split(',').map((x) => x.trim());
    const wanted = (name: string, byDefault = true) => (only ? only.includes(name) : byDefault);
    for (const cooks of [1, 20]) {
      if (!wanted(`cooks_${cooks}`)) continue;
      console.error(`popote bench: checkouts, ${cooks} cook(s), ${replicas} instance(s) per service`);
      await scenario(`cooks_${cooks}`, () => checkoutBench(app.urls.bff, natsAccessOf(app.env), { ...load, cooks, counting }));
    }
    if (wanted('unloaded', replicas === 1)) {
      console.error('popote bench: one checkout at a time');
      await scenario('unloaded', () =>
        checkoutBench(app.urls.bff, natsAccessOf(app.env), { buyers: 30, concurrency: 1, cooks: 20, untilVisible: true, counting }),
      );
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
      await scenario('big_store_cooks_20', () => checkoutBench(app.urls.bff, natsAccessOf(app.env), { ...load, cooks: 20, counting }));
      console.error('popote bench: one checkout at a time, on the filled store');
      await scenario('big_store_unloaded', () =>
        checkoutBench(app.urls.bff, natsAccessOf(app.env), { buyers: 30, concurrency: 1, cooks: 20, untilVisible: true, counting }),
      );
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

/**
 * Launches the product on fresh data with the BFF's read cache set to `cacheTtlMs` ('0': off, every
 * read a miss; undefined: the default), warms it up, then measures.
 */
async function readRun<T>(cacheTtlMs: string | undefined, measure: (bff: string, mongoUrl: string, shell: string) => Promise<T>) {
  if (cacheTtlMs === undefined) delete process.env.READ_CACHE_TTL_MS;
  else process.env.READ_CACHE_TTL_MS = cacheTtlMs;
  console.error(`popote bench: reads, BFF read cache ${cacheTtlMs === '0' ? 'off (misses)' : 'on (hits)'}`);
  const p = { ...profile('test'), dataDir: join(repoRoot(), '.data', 'bench') };
  rmSync(p.dataDir, { recursive: true, force: true });
  const app = await launch(p, { log: (l) => console.error(l) });
  try {
    // BENCH_FILL_MEALS / BENCH_FILL_ORDERS: the store as months of use would leave it,
    // to compare with the same reads on an empty store.
    const fill = { meals: Number(process.env.BENCH_FILL_MEALS ?? 0), orders: Number(process.env.BENCH_FILL_ORDERS ?? 0) };
    if (fill.meals || fill.orders)
      console.error(`popote bench: store filled (${JSON.stringify(await fillStore(app.env.MONGO_URL, fill))})`);
    // Warm up connections, JIT (and the cache, when on) before measuring.
    for (let i = 0; i < 50; i++)
      await fetch(`${app.urls.bff}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ meals { items { meal_id } } }"}',
      });
    return await measure(app.urls.bff, app.env.MONGO_URL, app.urls.shell);
  } finally {
    await app.stop();
    delete process.env.READ_CACHE_TTL_MS;
  }
}

async function main(): Promise<void> {
  const part = process.argv[2] ?? 'all'; // all | read | web | checkout | alerts-fanout | ads
  await freeTestOffset();
  const dir = join(repoRoot(), 'docs', 'benchmarks');
  mkdirSync(dir, { recursive: true });
  const os = await import('node:os');
  const meta = {
    date: new Date().toISOString(),
    machine: { cores: os.cpus().length, node: process.version },
    /** 1, 5 and 15 minutes, when the bench started: a figure from a busy machine is not a result. */
    load_average_before: os.loadavg().map((l) => +l.toFixed(2)),
    /** What each Node app of ours was started with (its heap ceiling, infra/deploy apps.ts). */
    apps_node_options: Object.fromEntries(APPS.filter((a) => a.heapMiB).map((a) => [a.name, nodeOptions(a)])),
    // The head sampling in force for every process of the run (ADR 0017): errors are exported whatever the ratio.
    tracing: {
      OTEL_TRACES_SAMPLER: process.env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on (SDK default: every trace sampled)',
      OTEL_TRACES_SAMPLER_ARG: process.env.OTEL_TRACES_SAMPLER_ARG ?? null,
    },
  };
  if (part === 'all' || part === 'read') {
    // Two launches, each comparing GraphQL with the direct read in the same run: the BFF's read
    // cache off (every read goes to the catalogue: a miss), then on (after the first, a hit).
    // In each launch, ROUNDS rounds of the two reads in turns (GraphQL then database, then the other
    // way round...), so that a drift of the machine during the launch weighs on both alike.
    // In the miss launch, the floor of the path (startFloor) runs in the same rounds: what the same
    // hops cost with no framework on them, against the same database.
    const compare = (withFloor: boolean) => async (bff: string, mongo: string) => {
      const graphql: LoadSummary[] = [];
      const graphqlFetch: LatencySummary[] = [];
      const floor: LoadSummary[] = [];
      const db: LatencySummary[] = [];
      const started = withFloor ? await startFloor(bff, mongo) : undefined;
      try {
        if (WARMUP_SECONDS > 0) {
          await graphqlMealsLoad(bff, WARMUP_SECONDS);
          if (started) await graphqlMealsLoad(started.url, WARMUP_SECONDS);
          await directDb(mongo, WARMUP_SECONDS);
        }
        for (let round = 0; round < ROUNDS; round++) {
          if (round % 2 === 0) {
            graphql.push(await graphqlMealsLoad(bff));
            graphqlFetch.push(await graphqlMeals(bff));
            if (started) floor.push(await graphqlMealsLoad(started.url));
            db.push(await directDb(mongo));
          } else {
            db.push(await directDb(mongo));
            if (started) floor.push(await graphqlMealsLoad(started.url));
            graphqlFetch.push(await graphqlMeals(bff));
            graphql.push(await graphqlMealsLoad(bff));
          }
        }
      } finally {
        await started?.stop();
      }
      return { graphql, graphqlFetch, floor, db };
    };
    // BENCH_READ=hit or miss: that launch only, printed and not written to latest.json (to compare
    // a setting of the path quickly; the figures of record are both launches).
    const only = process.env.BENCH_READ;
    if (only === 'hit' || only === 'miss') {
      const run = await readRun(only === 'miss' ? '0' : undefined, compare(only === 'miss'));
      const ratio = ratioByRound(run.graphql, run.db);
      console.log(
        JSON.stringify(
          {
            ...meta,
            only,
            graphql: medianOf(run.graphql),
            graphql_fetch_loop: medianOf(run.graphqlFetch),
            direct_db: medianOf(run.db),
            graphql_over_direct_by_round: ratio,
            ...(run.floor.length
              ? {
                  floor: medianOf(run.floor),
                  floor_over_direct_by_round: ratioByRound(run.db, run.floor),
                  miss_over_floor_by_round: ratioByRound(run.floor, run.graphql),
                }
              : {}),
            rounds: run,
          },
          null,
          2,
        ),
      );
    } else {
      if (only !== undefined && only !== 'both') throw new Error(`BENCH_READ must be hit, miss or both, not ${only}`);
      const miss = await readRun('0', compare(true));
      const hit = await readRun(undefined, compare(false));
      const report = {
        ...meta,
        settings: {
          seconds: SECONDS,
          connections: CONNECTIONS,
          rounds: ROUNDS,
          warmup_seconds_per_read: WARMUP_SECONDS,
          graphql_generator: 'autocannon (graphql_*_fetch_loop: fetch() closed loops)',
        },
        // Each figure is the median of the rounds; every round is under `rounds`.
        graphql_meals_cache_miss: medianOf(miss.graphql),
        graphql_meals_cache_miss_fetch_loop: medianOf(miss.graphqlFetch),
        direct_db_meals_miss_run: medianOf(miss.db),
        // The same hops with no framework (startFloor), in the miss launch's rounds.
        floor_meals_miss_run: medianOf(miss.floor),
        graphql_meals_cache_hit: medianOf(hit.graphql),
        graphql_meals_cache_hit_fetch_loop: medianOf(hit.graphqlFetch),
        direct_db_meals_hit_run: medianOf(hit.db),
        // How many times slower a miss is than the direct read, round by round (throughput ratio);
        // GraphQL by autocannon, then by the fetch() loop.
        miss_over_direct_by_round: ratioByRound(miss.db, miss.graphql),
        miss_over_direct_by_round_fetch_loop: ratioByRound(miss.db, miss.graphqlFetch),
        floor_over_direct_by_round: ratioByRound(miss.db, miss.floor),
        miss_over_floor_by_round: ratioByRound(miss.floor, miss.graphql),
        hit_over_direct_by_round: ratioByRound(hit.graphql, hit.db),
        rounds: { miss, hit },
      };
      writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
      console.log(JSON.stringify(report, null, 2));
    }
  }
  if (part === 'all' || part === 'web') {
    const p = { ...profile('test'), dataDir: join(repoRoot(), '.data', 'bench-web') };
    rmSync(p.dataDir, { recursive: true, force: true });
    const app = await launch(p, { log: (l) => console.error(l) });
    try {
      const { initial_js_files, ...web } = await pageWeight(app.urls.shell);
      writeFileSync(join(dir, 'web-latest.json'), `${JSON.stringify({ ...meta, ...web, initial_js_files }, null, 2)}\n`);
      console.log(JSON.stringify({ ...meta, ...web }, null, 2));
    } finally {
      await app.stop();
    }
  }
  if (part === 'alerts-fanout') {
    const followers = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
    const p = { ...profile('test'), dataDir: join(repoRoot(), '.data', 'bench-alerts') };
    rmSync(p.dataDir, { recursive: true, force: true });
    process.env.ALERT_DIGEST_CHECK_MS ??= '0'; // the digest is not measured here
    const app = await launch(p, { log: (l) => console.error(l), seed: false });
    try {
      console.error(`popote bench: alerts fan-out to ${followers} followers`);
      const metricsUrl = `http://127.0.0.1:${instanceOf('notifications', p.services.notifications, 0).port}/health/metrics`;
      const report = {
        ...meta,
        NODE_OPTIONS: process.env.NODE_OPTIONS ?? null,
        alerts_fanout: await alertsFanout({ bff: app.urls.bff, mongoUrl: app.env.MONGO_URL, notificationsMetrics: metricsUrl }, followers),
      };
      writeFileSync(join(dir, 'alerts-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
      console.log(JSON.stringify(report, null, 2));
    } finally {
      await app.stop();
    }
  }
  if (part === 'ads') {
    // 50 cooks sign up and start and stop campaigns from one address: the per-client limits would stop them.
    for (const [name, value] of Object.entries(unlimitedRateLimits())) process.env[name] ??= value;
    const p = { ...profile('test'), dataDir: join(repoRoot(), '.data', 'bench-ads') };
    rmSync(p.dataDir, { recursive: true, force: true });
    const app = await launch(p, { log: (l) => console.error(l) });
    try {
      console.error('popote bench: /meals with 50 campaigns and without, in turns');
      const report = { ...meta, ads: await adsBench(app.urls, app.env.MONGO_URL) };
      writeFileSync(join(dir, 'ads-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
      console.log(JSON.stringify(report, null, 2));
    } finally {
      await app.stop();
    }
  }
  if (part === 'all' || part === 'checkout') {
    // The load comes from one address: the per-client limits would measure the limiter, not the path.
    for (const [name, value] of Object.entries(unlimitedRateLimits())) process.env[name] ??= value;
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
    const report = { ...meta, building_blocks, checkout: runs };
    writeFileSync(join(dir, 'checkout-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
