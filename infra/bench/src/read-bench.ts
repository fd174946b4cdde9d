// `./popote bench read`: the GraphQL `meals` query against the BFF, with its read cache off (each
// read a miss, through NATS to the catalogue) and on (hits), one launch each, in turns with the same
// read straight against the database and, in the miss launch, with the floor of the path.

import { fillStore } from './big-store';
import { freshLaunch } from './fresh-launch';
import {
  CONNECTIONS,
  ROUNDS,
  SECONDS,
  WARMUP_SECONDS,
  directDb,
  graphqlMeals,
  graphqlMealsLoad,
  postGraphql,
  startFloor,
  type LoadSummary,
} from './read-load';
import { medianOf, ratioByRound, writeReport, type RunMeta } from './report';
import type { LatencySummary } from './stats';

/**
 * Launches the product on fresh data with the BFF's read cache set to `cacheTtlMs` ('0': off, every
 * read a miss; undefined: the default), warms it up, then measures.
 */
async function readRun<T>(cacheTtlMs: string | undefined, measure: (bff: string, mongoUrl: string, shell: string) => Promise<T>) {
  if (cacheTtlMs === undefined) delete process.env.READ_CACHE_TTL_MS;
  else process.env.READ_CACHE_TTL_MS = cacheTtlMs;
  console.error(`popote bench: reads, BFF read cache ${cacheTtlMs === '0' ? 'off (misses)' : 'on (hits)'}`);
  const { app } = await freshLaunch('bench');
  try {
    // BENCH_FILL_MEALS / BENCH_FILL_ORDERS: the store as months of use would leave it,
    // to compare with the same reads on an empty store.
    const fill = { meals: Number(process.env.BENCH_FILL_MEALS ?? 0), orders: Number(process.env.BENCH_FILL_ORDERS ?? 0) };
    if (fill.meals || fill.orders)
      console.error(`popote bench: store filled (${JSON.stringify(await fillStore(app.env.MONGO_URL, fill))})`);
    // Warm up connections, JIT (and the cache, when on) before measuring.
    for (let i = 0; i < 50; i++) await postGraphql(app.urls.bff, '{"query":"{ meals { items { meal_id } } }"}');
    return await measure(app.urls.bff, app.env.MONGO_URL, app.urls.shell);
  } finally {
    await app.stop();
    delete process.env.READ_CACHE_TTL_MS;
  }
}

/**
 * GraphQL and the direct read in the same run, ROUNDS rounds of the two in turns (GraphQL then
 * database, then the other way round...), so that a drift of the machine during the launch weighs
 * on both alike. `withFloor`: the floor of the path (startFloor) runs in the same rounds: what the
 * same hops cost with no framework on them, against the same database.
 */
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

/**
 * Two launches, each comparing GraphQL with the direct read in the same run: the BFF's read cache
 * off (every read goes to the catalogue: a miss), then on (after the first, a hit); the floor in the
 * miss launch. Writes dir/latest.json.
 */
export async function readBench(meta: RunMeta, dir: string): Promise<void> {
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
    return;
  }
  if (only !== undefined && only !== 'both') throw new Error(`BENCH_READ must be hit, miss or both, not ${only}`);
  const miss = await readRun('0', compare(true));
  const hit = await readRun(undefined, compare(false));
  writeReport(dir, 'latest.json', {
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
  });
}
