import { createECDH, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient } from 'mongodb';
import { confirmAccountsIn, person, publishMeal, setPickupAllDay, signUp, stopConfirmingAccounts } from './checkout';

/** The parent of a process (0 when it is gone). */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** The resident memory (KiB) of the notifications process of this run: a descendant of this one (another run may be on the machine). */
function notificationsRss(): number {
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (!readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('services/notifications/dist/main.js')) continue;
      let up = Number(d);
      while (up > 1 && up !== process.pid) up = parentOf(up);
      if (up !== process.pid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${d}/status`, 'utf8'));
      if (rss) total += Number(rss[1]);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/** What V8 and Node report of the process's memory (prom-client's defaults on its /health/metrics), in MiB. */
interface NodeMemory {
  heap_total: number;
  heap_used: number;
  external: number;
  rss: number;
}
async function nodeMemory(metricsUrl: string): Promise<NodeMemory | null> {
  try {
    const text = await (await fetch(metricsUrl)).text();
    const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
    const m = {
      heap_total: read('nodejs_heap_size_total_bytes'),
      heap_used: read('nodejs_heap_size_used_bytes'),
      external: read('nodejs_external_memory_bytes'),
      rss: read('process_resident_memory_bytes'),
    };
    return Object.values(m).some(Number.isNaN)
      ? null
      : (Object.fromEntries(Object.entries(m).map(([k, v]) => [k, +v.toFixed(1)])) as unknown as NodeMemory);
  } catch {
    return null; // a scrape missed under load: the next one counts
  }
}

/**
 * `./popote bench alerts-fanout` (docs/alerts.md): a cook with BENCH_FOLLOWERS followers (10 000 by
 * default), each with one device that accepts pushes (a local push service answering 201), written
 * straight into notifications' database; the cook publishes a dish through the BFF. Measured: the
 * time from the publish until every alert is queued (an email line and a push per follower), until
 * every push is sent, the notifications process's resident memory during the fan-out (before, peak,
 * growth; and, from its metrics every half second, V8's heap and Node's external memory at the
 * largest resident sample: what of the growth is the JavaScript heap and what is not), and the duplicates (alerts of one person, channel and device more than once; pushes a
 * device received more than once): both must be 0.
 */
export async function alertsFanout(app: { bff: string; mongoUrl: string; notificationsMetrics: string }, followers: number) {
  // The push service: accepts everything, counts per device.
  const received = new Map<string, number>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.set(req.url ?? '', (received.get(req.url ?? '') ?? 0) + 1);
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };

  const mongo = await MongoClient.connect(app.mongoUrl);
  await confirmAccountsIn(app.mongoUrl);
  const db = mongo.db('popote_notifications');
  const alerts = db.collection('alerts');
  const tag = Date.now().toString(36);
  /** A cook (pick-up saved before the followers: its own alert, new slots, reaches nobody) and `n` followers, each with a device. */
  const cookWithFollowers = async (i: number, n: number) => {
    const cook = person(app.bff);
    const cookId = (await signUp(cook, 'cook', i)).signUp.user.user_id as string;
    await setPickupAllDay(cook);
    for (let k = 0; k < n; k += 1000) {
      const ids = Array.from({ length: Math.min(1000, n - k) }, (_, j) => `bench-follower-${tag}-${i}-${k + j}`);
      await db
        .collection('follows')
        .insertMany(ids.map((f) => ({ _id: `${f}|${cookId}`, follower_id: f, cook_id: cookId, created_at: new Date() })) as never[]);
      await db.collection('pushSubscriptions').insertMany(
        ids.map((f) => ({
          _id: `dev-${f}`,
          user_id: f,
          endpoint: `${origin}/push/${f}`,
          keys,
          user_agent: null,
          last_success_at: null,
          created_at: new Date(),
          updated_at: new Date(),
        })) as never[],
      );
    }
    return cook;
  };
  /** Publishes a dish; then, until every alert is queued and every push sent (or the time is up), when each happened. */
  const publishAndWait = async (cook: ReturnType<typeof person>, n: number, name: string) => {
    const t0 = Date.now();
    const mealId = await publishMeal(cook, 5, name);
    const expected = n * 2; // an email line and a push each
    let queuedMs: number | null = null;
    let sentMs: number | null = null;
    const deadline = t0 + Number(process.env.BENCH_ALERTS_TIMEOUT_S ?? 900) * 1000;
    let told = Date.now();
    while (Date.now() < deadline && sentMs === null) {
      const queued = await alerts.countDocuments({ about: mealId });
      const sent = await alerts.countDocuments({ about: mealId, status: 'sent' });
      if (queuedMs === null && queued >= expected) queuedMs = Date.now() - t0;
      if (queuedMs !== null && sent >= n) sentMs = Date.now() - t0;
      if (Date.now() - told > 5000) {
        told = Date.now();
        console.error(
          `popote bench: ${queued}/${expected} alerts queued, ${sent}/${n} pushes sent, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return { mealId, expected, queuedMs, sentMs };
  };
  try {
    // Warm-up: the same path once, small (code loaded and compiled, pools open), so the memory
    // measured below is the fan-out's.
    await publishAndWait(await cookWithFollowers(1, 50), 50, 'Plat pour chauffer');
    const started = Date.now();
    const cook = await cookWithFollowers(0, followers);
    const insertSeconds = (Date.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 2000)); // the process settles after the inserts
    const before = notificationsRss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, notificationsRss());
    }, 50);
    const memoryBefore = await nodeMemory(app.notificationsMetrics);
    let memoryAtPeak: NodeMemory | null = null;
    let heapTotalMax = 0;
    let scraping = false;
    const scraper = setInterval(() => {
      if (scraping) return;
      scraping = true;
      void nodeMemory(app.notificationsMetrics)
        .then((m) => {
          if (!m) return;
          heapTotalMax = Math.max(heapTotalMax, m.heap_total);
          if (!memoryAtPeak || m.rss > memoryAtPeak.rss) memoryAtPeak = m;
        })
        .finally(() => (scraping = false));
    }, 500);
    const { mealId, expected, queuedMs, sentMs } = await publishAndWait(cook, followers, 'Plat des abonnés');
    const rssPeak = peak;
    clearInterval(sampler);
    clearInterval(scraper);
    // Duplicates: one alert per person, channel and device; one push received per device.
    const seen = new Set<string>();
    let duplicates = 0;
    let total = 0;
    for await (const a of alerts.find({ about: mealId }, { projection: { user_id: 1, channel: 1, device_id: 1 } })) {
      const key = `${a.user_id}|${a.channel}|${a.device_id ?? ''}`;
      if (seen.has(key)) duplicates++;
      seen.add(key);
      total++;
    }
    await new Promise((r) => setTimeout(r, 3000)); // a late duplicate push would show
    const measured = [...received].filter(([path]) => path.startsWith(`/push/bench-follower-${tag}-0-`)).map(([, n]) => n);
    return {
      followers,
      devices_per_follower: 1,
      setup_insert_seconds: +insertSeconds.toFixed(1),
      alerts_expected: expected,
      alerts_stored: total,
      seconds_until_all_queued: queuedMs === null ? null : +(queuedMs / 1000).toFixed(2),
      seconds_until_all_pushes_sent: sentMs === null ? null : +(sentMs / 1000).toFixed(2),
      notifications_rss_mib: {
        before: +(before / 1024).toFixed(1),
        peak: +(rssPeak / 1024).toFixed(1),
        growth: +((rssPeak - before) / 1024).toFixed(1),
      },
      /** V8's heap (total reserved, used) and Node's external memory: before, and at the largest resident scrape. */
      notifications_node_memory_mib: { before: memoryBefore, at_rss_peak: memoryAtPeak, heap_total_max: heapTotalMax },
      duplicate_alerts: duplicates,
      pushes_received: measured.reduce((a, b) => a + b, 0),
      devices_pushed_more_than_once: measured.filter((n) => n > 1).length,
    };
  } finally {
    await stopConfirmingAccounts();
    await mongo.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}
