// `./popote bench memory`: what the whole product holds in memory, process by process — after it
// started, after the read and checkout loads, and after 30 s idle — with `./popote start`'s defaults
// (durable store, demo data, one instance per service). docs/benchmarks/memory-latest.json.

import { instanceOf, SERVICES } from '@popote/local';
import { readFileSync } from 'node:fs';
import { checkoutBench, confirmAccountsIn, natsAccessOf, stopConfirmingAccounts } from './checkout';
import { freshLaunch, liftRateLimits } from './fresh-launch';
import { processesBelowMe } from './process-tree';
import { graphqlMealsLoad } from './read-load';
import { writeReport, type RunMeta } from './report';

const IDLE_MS = Number(process.env.BENCH_MEMORY_IDLE_MS ?? 30_000);
const MIB = 1024 * 1024;

/** A process's resident and proportional set sizes, bytes (PSS shares each shared page among its users). */
export function memoryOf(pid: number): { rss: number; pss: number } | null {
  try {
    const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return {
      rss: kb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS'),
      pss: kb(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss'),
    };
  } catch {
    return null; // gone meanwhile
  }
}

export interface MemoryGroup {
  processes: number;
  rss_mib: number;
  pss_mib: number;
}

/** Sums by process name (PostgreSQL's backends are one line), largest RSS first, and the totals. */
export function groupMemory(rows: { name: string; rss: number; pss: number }[]) {
  const by = new Map<string, { processes: number; rss: number; pss: number }>();
  for (const r of rows) {
    const g = by.get(r.name) ?? { processes: 0, rss: 0, pss: 0 };
    by.set(r.name, { processes: g.processes + 1, rss: g.rss + r.rss, pss: g.pss + r.pss });
  }
  const mib = (b: number) => +(b / MIB).toFixed(1);
  const groups = Object.fromEntries(
    [...by.entries()]
      .sort((a, b) => b[1].rss - a[1].rss)
      .map(([name, g]): [string, MemoryGroup] => [name, { processes: g.processes, rss_mib: mib(g.rss), pss_mib: mib(g.pss) }]),
  );
  const total = rows.reduce((t, r) => ({ rss: t.rss + r.rss, pss: t.pss + r.pss }), { rss: 0, pss: 0 });
  return { processes: rows.length, rss_mib: mib(total.rss), pss_mib: mib(total.pss), by_process: groups };
}

/** Every process of the run now. */
function sample() {
  return groupMemory(
    processesBelowMe().flatMap((p) => {
      const m = memoryOf(p.pid);
      return m ? [{ name: p.name, ...m }] : [];
    }),
  );
}

/** Each Node service's and the BFF's heap after a full GC (their `/health/heap`, on in this launch only). */
async function heapsAfterGc(urls: Record<string, string>) {
  const out: Record<string, { heap_used_mib: number; heap_total_mib: number; external_mib: number; rss_mib: number }> = {};
  for (const [name, url] of Object.entries(urls)) {
    const h = (await (await fetch(url)).json()) as {
      heap_used_bytes: number;
      heap_total_bytes: number;
      external_bytes: number;
      rss_bytes: number;
    };
    const mib = (b: number) => +(b / MIB).toFixed(1);
    out[name] = {
      heap_used_mib: mib(h.heap_used_bytes),
      heap_total_mib: mib(h.heap_total_bytes),
      external_mib: mib(h.external_bytes),
      rss_mib: mib(h.rss_bytes),
    };
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function memoryBenchRun(meta: RunMeta, dir: string): Promise<void> {
  liftRateLimits(); // the load comes from one address
  process.env.POPOTE_HEAP_PROBE = '1';
  const { p, app } = await freshLaunch('bench-memory', { durable: true });
  await confirmAccountsIn(app.env.MONGO_URL);
  try {
    const heapUrls = Object.fromEntries([
      ...SERVICES.map((s) => [s, `http://127.0.0.1:${instanceOf(s, p.services[s], 0).port}/health/heap`]),
      ['bff', `${app.urls.bff}/health/heap`],
    ]);
    const counting = {
      natsMonitorUrl: `http://127.0.0.1:${p.servers.natsMonitor}`,
      serviceMetrics: SERVICES.map((s) => {
        const { name, port } = instanceOf(s, p.services[s], 0);
        return { name, url: `http://127.0.0.1:${port}/health/metrics` };
      }),
    };
    console.error(`popote bench: memory, ${IDLE_MS / 1000} s after start`);
    await sleep(IDLE_MS);
    const afterStart = sample();
    console.error('popote bench: memory, read load then checkout load');
    const read = await graphqlMealsLoad(app.urls.bff, Number(process.env.BENCH_SECONDS ?? 10));
    const checkout = await checkoutBench(app.urls.bff, natsAccessOf(app.env), { buyers: 200, concurrency: 8, cooks: 20, counting });
    const afterLoad = sample();
    console.error(`popote bench: memory, ${IDLE_MS / 1000} s idle`);
    await sleep(IDLE_MS);
    const afterIdle = sample();
    const heaps = await heapsAfterGc(heapUrls);
    writeReport(dir, 'memory-latest.json', {
      ...meta,
      settings: 'as ./popote start: durable store, demo data, one instance per service',
      load: {
        read: { requests_per_second: read.throughput, seconds: read.seconds },
        checkout: { paid: checkout.checkouts, failed: checkout.failed, paid_per_second: checkout.checkouts_paid_per_second },
      },
      after_start: afterStart,
      after_load: afterLoad,
      after_idle: afterIdle,
      heap_after_gc: heaps,
    });
  } finally {
    await stopConfirmingAccounts();
    await app.stop();
  }
}
