import { freeTestOffset, instanceOf, repoRoot } from '@popote/local';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adsBench } from './ads';
import { alertsFanout } from './alerts-fanout';
import { checkoutBenchRun } from './checkout-scenarios';
import { memoryBenchRun } from './memory';
import { freshLaunch, liftRateLimits } from './fresh-launch';
import { pageWeight } from './page-weight';
import { readBench } from './read-bench';
import { runMeta, writeReport } from './report';

/**
 * `./popote bench`: launches the product on the test ports and measures
 *  - the GraphQL `meals` query against the BFF (16 concurrent closed loops), with the BFF's read
 *    cache off (each read a miss, through NATS to the catalogue) and on (hits), one launch each,
 *  - in each launch, the same read straight against the database (the baseline), in
 *    turns with the GraphQL read (BENCH_ROUNDS rounds, 3 by default; medians reported),
 *  - in the miss launch, the floor of the path in the same rounds: the same hops with no framework
 *    on them (floor/, startFloor), to tell the path's cost from the frameworks',
 *  - the JavaScript a browser downloads to show /meals (shell + consumer remote), gzipped.
 * Writes docs/benchmarks/latest.json and prints a table (read-bench.ts).
 * `./popote bench web` (also in the default run): initial JavaScript of / and /meals, LCP of /meals
 * under 4× CPU and "Fast 4G" (page-weight.ts); docs/benchmarks/web-latest.json.
 * `./popote bench checkout`: checkout throughput and payment → stock latency with 1 and 20 cooks,
 * with 1 and 2 instances per service, unloaded, and the last-portions race (ADR 0004);
 * docs/benchmarks/checkout-latest.json (checkout-scenarios.ts).
 * `./popote bench alerts-fanout` (not in the default run): a cook with BENCH_FOLLOWERS followers (10 000)
 * publishes a dish: time until every alert is queued and sent, notifications' memory, duplicates
 * (alerts-fanout.ts); docs/benchmarks/alerts-latest.json.
 * `./popote bench memory` (not in the default run): every process's RSS and PSS after start, after
 * the read and checkout loads and after 30 s idle, and each Node app's heap after a full GC, with
 * `./popote start`'s defaults (memory.ts); docs/benchmarks/memory-latest.json.
 * `./popote bench ads` (not in the default run): /meals with 50 running campaigns against none, in
 * turns in one launch (ads.ts, ADR 0020); docs/benchmarks/ads-latest.json.
 */
async function main(): Promise<void> {
  const part = process.argv[2] ?? 'all'; // all | read | web | checkout | alerts-fanout | ads | memory
  await freeTestOffset();
  const dir = join(repoRoot(), 'docs', 'benchmarks');
  mkdirSync(dir, { recursive: true });
  const meta = runMeta();
  if (part === 'all' || part === 'read') await readBench(meta, dir);
  if (part === 'all' || part === 'web') {
    const { app } = await freshLaunch('bench-web');
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
    process.env.ALERT_DIGEST_CHECK_MS ??= '0'; // the digest is not measured here
    const { p, app } = await freshLaunch('bench-alerts', { seed: false });
    try {
      console.error(`popote bench: alerts fan-out to ${followers} followers`);
      const metricsUrl = `http://127.0.0.1:${instanceOf('notifications', p.services.notifications, 0).port}/health/metrics`;
      writeReport(dir, 'alerts-latest.json', {
        ...meta,
        NODE_OPTIONS: process.env.NODE_OPTIONS ?? null,
        alerts_fanout: await alertsFanout({ bff: app.urls.bff, mongoUrl: app.env.MONGO_URL, notificationsMetrics: metricsUrl }, followers),
      });
    } finally {
      await app.stop();
    }
  }
  if (part === 'ads') {
    // 50 cooks sign up and start and stop campaigns from one address: the per-client limits would stop them.
    liftRateLimits();
    const { app } = await freshLaunch('bench-ads');
    try {
      console.error('popote bench: /meals with 50 campaigns and without, in turns');
      writeReport(dir, 'ads-latest.json', { ...meta, ads: await adsBench(app.urls, app.env.MONGO_URL) });
    } finally {
      await app.stop();
    }
  }
  if (part === 'all' || part === 'checkout') await checkoutBenchRun(meta, dir);
  if (part === 'memory') await memoryBenchRun(meta, dir);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
