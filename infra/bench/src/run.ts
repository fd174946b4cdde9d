import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freeTestOffset, launch, profile, repoRoot } from '@popote/local';
import { rmSync } from 'node:fs';
import { MongoClient } from 'mongodb';
import { chromium } from 'playwright-core';
import { checkoutBench } from './checkout';
import { closedLoop } from './stats';

/**
 * `./popote bench`: launches the product on the test ports and measures
 *  - the GraphQL `meals` query against the BFF (16 concurrent closed loops),
 *  - the same read straight against the database (the floor the BFF+NATS+service path adds to),
 *  - the JavaScript a browser downloads to show /meals (shell + consumer remote), gzipped.
 * Writes docs/benchmarks/latest.json and prints a table.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** The same closed-loop method as the database read below, so the two are comparable. */
async function graphqlMeals(bff: string) {
  const body = JSON.stringify({
    query: '{ meals { items { meal_id name cook_name price_cents image_url portions_available } next_cursor } }',
  });
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

async function directDb(mongoUrl: string) {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const meals = client.db('popote_catalogue').collection('meals');
    return await closedLoop(
      () =>
        meals
          .find({ deleted_at: null }, { projection: { _outbox: 0 } })
          .sort({ created_at: -1, _id: -1 })
          .limit(21)
          .toArray(),
      CONNECTIONS,
      SECONDS,
    );
  } finally {
    await client.close();
  }
}

async function initialJs(shell: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const files: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => undefined);
      if (body) files.push({ url: res.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${shell}/meals`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Plats disponibles' }).waitFor();
    const sum = (k: 'raw' | 'gzip') => files.reduce((a, f) => a + f[k], 0);
    return { files: files.length, raw_kb: +(sum('raw') / 1024).toFixed(1), gzip_kb: +(sum('gzip') / 1024).toFixed(1), detail: files };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  await freeTestOffset();
  const p = { ...profile('test'), dataDir: join(repoRoot(), '.data', 'bench') };
  rmSync(p.dataDir, { recursive: true, force: true });
  // The load comes from one address: the per-client limits would measure the limiter, not the path.
  for (const name of ['RATE_LIMIT_SIGN_UP', 'RATE_LIMIT_SIGN_IN', 'RATE_LIMIT_CONTACT', 'RATE_LIMIT_UPLOAD', 'RATE_LIMIT_MUTATION']) {
    process.env[name] ??= '100000/60';
  }
  const app = await launch(p, { log: (l) => console.error(l) });
  try {
    // Warm up caches and connections before measuring.
    for (let i = 0; i < 50; i++)
      await fetch(`${app.urls.bff}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ meals { items { meal_id } } }"}',
      });
    const gql = await graphqlMeals(app.urls.bff);
    const db = await directDb(app.env.MONGO_URL);
    const js = await initialJs(app.urls.shell);
    const checkout = await checkoutBench(
      app.urls.bff,
      { url: app.env.NATS_URL!, user: app.env.NATS_OBSERVER_USER, password: app.env.NATS_OBSERVER_PASSWORD },
      Number(process.env.BENCH_CHECKOUTS ?? 60),
      Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 6),
    );
    const report = {
      date: new Date().toISOString(),
      machine: { cores: (await import('node:os')).cpus().length, node: process.version },
      settings: { seconds: SECONDS, connections: CONNECTIONS },
      graphql_meals: gql,
      direct_db_meals: db,
      initial_js_meals_page: { files: js.files, raw_kb: js.raw_kb, gzip_kb: js.gzip_kb },
      checkout,
    };
    const dir = join(repoRoot(), 'docs', 'benchmarks');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'latest.json'), `${JSON.stringify({ ...report, initial_js_files: js.detail }, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await app.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
