// The loads of the read benchmark: the GraphQL `meals` query against a BFF (autocannon, and the
// older fetch() closed loop), the same read straight against the database, and the floor of the
// path (the same hops with no framework on them).

import { profile, repoRoot, spawnManaged, startServers, waitForHttp, type ManagedProcess } from '@popote/local';
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { newestMeals } from './floor/read';
import { closedLoop } from './stats';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Before the rounds of a launch, each read runs this long under the same load, not measured, so that
 * the rounds see the servers' steady state (JIT-compiled code, sized heaps) rather than 50 requests'
 * worth of warm-up. Without it one launch's GraphQL miss rose round by round (440 → 496 → 517 req/s,
 * 2026-11-26); with it the next gave 456, 416, 421: the machine drifts as much, which is why the
 * rounds alternate with the database read.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);

const MEALS_QUERY = JSON.stringify({
  query: '{ meals { items { meal_id name cook_name price_cents image_url portions_available } next_cursor } }',
});

/** One GraphQL request to the BFF at `bff`, `body` already JSON. */
export const postGraphql = (bff: string, body: string) =>
  fetch(`${bff}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

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
export async function graphqlMealsLoad(bff: string, seconds = SECONDS): Promise<LoadSummary> {
  const reference = await postGraphql(bff, MEALS_QUERY);
  const expected = await reference.text();
  if (!reference.ok || (JSON.parse(expected) as { errors?: unknown[] }).errors) throw new Error(`graphql bench: ${expected}`);
  const result = await autocannon({
    url: `${bff}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
export async function graphqlMeals(bff: string) {
  let failures = 0;
  const result = await closedLoop(
    async () => {
      const res = await postGraphql(bff, MEALS_QUERY);
      const json = (await res.json()) as { errors?: unknown[] };
      if (!res.ok || json.errors) failures++;
    },
    CONNECTIONS,
    SECONDS,
  );
  if (failures) throw new Error(`graphql bench had ${failures} failed requests`);
  return result;
}

export async function directDb(mongoUrl: string, seconds = SECONDS) {
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
export async function startFloor(productBff: string, mongoUrl: string) {
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
    const read = async (bff: string) => (await postGraphql(bff, MEALS_QUERY)).text();
    const [product, floor] = [await read(productBff), await read(url)];
    if (product !== floor) throw new Error(`the floor does not answer what the product does:\n${product}\n${floor}`);
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
