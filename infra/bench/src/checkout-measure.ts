// What a checkout run is measured with: the CPU of every process below the bench, the state of the
// events' consumers, when the catalogue committed each order, and the figures reported for a run.

import type { MongoClient } from 'mongodb';
import { myCpuMs, processesBelowMe } from './process-tree';
import { percentile } from './stats';
import { jetstreamState, workPerOrder, type WorkSnapshot } from './work-counters';

/** CPU time (user + system, ms) of every process below this one, by name. */
export function cpuByProcess(): Map<string, number> {
  const out = new Map<string, number>();
  out.set('load generator (bench)', myCpuMs());
  for (const p of processesBelowMe()) out.set(p.name, (out.get(p.name) ?? 0) + p.cpuMs);
  return out;
}

/**
 * Whether every consumer of the events stream (only those whose name matches `named`, when given)
 * has nothing pending nor awaiting its acknowledgement, as NATS's monitoring port reports them.
 */
export async function eventsConsumersIdle(natsMonitorUrl: string, named?: RegExp): Promise<boolean> {
  const consumers = (await jetstreamState(natsMonitorUrl)).find((st) => st.name === 'EVENTS')?.consumer_detail ?? [];
  return consumers.filter((c) => !named || named.test(c.name)).every((c) => c.num_pending === 0 && c.num_ack_pending === 0);
}

/**
 * Waits (3 min at most) until every consumer of the events stream has nothing pending nor awaiting
 * its acknowledgement; returns the seconds it took (null: still busy when the time was up).
 */
export async function drained(natsMonitorUrl: string): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (await eventsConsumersIdle(natsMonitorUrl)) return +((Date.now() - started) / 1000).toFixed(1);
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

/** An order and when something happened to it (ms since the epoch), by order id. */
export type Timed = Map<string, { checkout: string; at: number }>;

/** When each placed order was committed: the stock worker's own record (nobody is told of a commit since checkout v3). */
export async function stockCommits(store: MongoClient | null, placedAt: Timed): Promise<Timed> {
  const committedAt: Timed = new Map();
  if (store)
    for (const a of await store
      .db('popote_catalogue')
      .collection('stockApplications')
      .find({ _id: { $in: [...placedAt.keys()] as never[] }, result: 'committed' }, { projection: { applied_at: 1 } })
      .toArray())
      committedAt.set(String(a._id), { checkout: placedAt.get(String(a._id))!.checkout, at: new Date(a.applied_at as Date).getTime() });
  return committedAt;
}

/** What one checkout run recorded, to be reported by `checkoutReport`. */
export interface CheckoutRun {
  cooks: number;
  buyers: number;
  concurrency: number;
  failures: string[];
  /** From the first checkout started to the last paid. */
  seconds: number;
  /** Date.now() when the first checkout started. */
  startedAt: number;
  /** Each paid checkout's flow (ms), and the time until its order was visible (untilVisible only). */
  latencies: number[];
  visible: number[];
  /** Payment succeeded, by checkout id. */
  paidAt: Map<string, number>;
  placedAt: Timed;
  committedAt: Timed;
  cpuBefore: Map<string, number>;
  cpuAfter: Map<string, number>;
  workBefore: WorkSnapshot;
  workAfter: WorkSnapshot;
}

export function checkoutReport(run: CheckoutRun) {
  const { cooks, buyers, concurrency, failures, seconds, paidAt, placedAt, committedAt, latencies, visible } = run;
  const lastCommit = Math.max(...[...committedAt.values()].map((c) => c.at));
  const toCommit = [...committedAt.values()].map((c) => c.at - (paidAt.get(c.checkout) ?? c.at)).sort((a, b) => a - b);
  const toPlaced = [...placedAt.values()].map((c) => c.at - (paidAt.get(c.checkout) ?? c.at)).sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  visible.sort((a, b) => a - b);
  const wall = (lastCommit - run.startedAt) / 1000;
  const cpuMs = [...run.cpuAfter].map(([name, ms]) => [name, ms - (run.cpuBefore.get(name) ?? 0)] as const);
  const paidOrders = buyers - failures.length;
  const coreSeconds = (pred: (name: string) => boolean) =>
    +(cpuMs.filter(([name]) => pred(name)).reduce((s, [, ms]) => s + ms, 0) / 1000 / Math.max(1, paidOrders)).toFixed(3);
  const cpu = Object.fromEntries(
    cpuMs
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => [name, +((ms / 1000 / wall) * 100).toFixed(1)]),
  );
  return {
    cooks,
    checkouts: buyers,
    concurrency,
    committed: committedAt.size,
    failed: failures.length,
    ...(failures.length ? { failures: [...new Set(failures)].slice(0, 5) } : {}),
    seconds_paid: +seconds.toFixed(2),
    checkouts_paid_per_second: +(buyers / seconds).toFixed(2),
    checkouts_committed_per_second: +(committedAt.size / wall).toFixed(2),
    checkout_flow_ms: { p50: +percentile(latencies, 50).toFixed(1), p95: +percentile(latencies, 95).toFixed(1) },
    /** Payment accepted (payment-succeeded) → order placed (order-placed), from the events' own timestamps. */
    payment_to_order_placed_ms: { samples: toPlaced.length, p50: percentile(toPlaced, 50), p95: percentile(toPlaced, 95) },
    /** Payment accepted → the catalogue's record of the order committed (its `applied_at`). */
    payment_to_stock_committed_ms: { samples: toCommit.length, p50: percentile(toCommit, 50), p95: percentile(toCommit, 95) },
    ...(visible.length
      ? {
          /** Add to cart → the paid order on the buyer's orders page (its subscription, then myOrders), one checkout at a time. */
          add_to_paid_order_visible_ms: {
            samples: visible.length,
            p50: +percentile(visible, 50).toFixed(1),
            p95: +percentile(visible, 95).toFixed(1),
          },
        }
      : {}),
    /**
     * CPU of every process of the machine over the run (from /proc, from the first checkout to the
     * last commit, so the periodic sweeps of that time are in), divided by the paid orders: the
     * product's processes and servers, without the load generator.
     */
    cpu_core_seconds_per_paid_order: coreSeconds((name) => name !== 'load generator (bench)'),
    work_per_paid_order: workPerOrder(run.workBefore, run.workAfter, paidOrders),
    /** Percent of one core per process over the run (200 % = both cores of this machine). */
    cpu_percent_of_one_core: cpu,
  };
}
