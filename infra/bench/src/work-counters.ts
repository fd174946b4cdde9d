/**
 * What one paid order costs the system, counted from the servers themselves, not from the code by
 * hand:
 * - service calls: the requests delivered to the services' `rpc.…` subscriptions (BFF → service and
 *   service → service), from NATS's monitoring (`/connz?subs=detail`: messages per subscription);
 * - KV leases: the lock bucket's stream (`KV_popote_locks`, `/jsz`): a lease stores a create and a
 *   delete; a create refused because the key is held stores nothing. By what they lock, from each
 *   service's own count (`popote_leases_total` on its /health/metrics, read with the store's);
 * - event deliveries: the sum of the delivered sequence of every consumer of the EVENTS stream (`/jsz`);
 * - store operations: the commands each service's MongoDB driver sent (`popote_store_operations_total`
 *   on its /health/metrics, the driver's command monitoring), by command and by service and collection.
 * `snapshot()` before and after a run; `workPerOrder()` divides the difference by the paid orders.
 * Nothing here subscribes to a service's subject: the counts come from the servers' statistics.
 */
export interface WorkSnapshot {
  rpc: Record<string, number>;
  lock_stream_messages: number;
  deliveries: Record<string, number>;
  /** Store operations by command, service and collection; leases as `lease <service>.<lock>`. */
  store: Record<string, number>;
}

const LOCK_STREAM = 'KV_popote_locks';

/** The bench's own ordered consumers are named with this prefix: what they receive is not the product's work. */
export const BENCH_OBSERVER_PREFIX = 'bench_observer';

interface Jsz {
  account_details?: {
    stream_detail?: {
      name: string;
      state: { last_seq: number };
      consumer_detail?: { name: string; delivered: { consumer_seq: number }; num_pending: number; num_ack_pending: number }[];
    }[];
  }[];
}

/** JetStream's streams and consumers as NATS's monitoring port reports them. */
export async function jetstreamState(
  natsMonitorUrl: string,
): Promise<NonNullable<NonNullable<Jsz['account_details']>[number]['stream_detail']>> {
  const jsz = (await (await fetch(`${natsMonitorUrl}/jsz?accounts=true&streams=true&consumers=true`)).json()) as Jsz;
  return (jsz.account_details ?? []).flatMap((a) => a.stream_detail ?? []);
}

/** `natsMonitorUrl`: NATS's monitoring port; `serviceMetrics`: each service instance's name and /health/metrics address. */
export function workCounters(natsMonitorUrl: string, serviceMetrics: { name: string; url: string }[]) {
  const rpc = async () => {
    const out: Record<string, number> = {};
    const connz = (await (await fetch(`${natsMonitorUrl}/connz?subs=detail&limit=4096`)).json()) as {
      connections?: { subscriptions_list_detail?: { subject: string; msgs: number }[] }[];
    };
    for (const c of connz.connections ?? [])
      for (const sub of c.subscriptions_list_detail ?? [])
        if (sub.subject.startsWith('rpc.')) out[sub.subject] = (out[sub.subject] ?? 0) + sub.msgs;
    return out;
  };
  const jetstream = async () => {
    const streams = await jetstreamState(natsMonitorUrl);
    const deliveries: Record<string, number> = {};
    for (const c of streams.find((s) => s.name === 'EVENTS')?.consumer_detail ?? []) {
      // One count per durable family (the 16 partitions of a worker summed), the BFF's ordered consumers
      // together; the bench's observer (payment → placed timings) is the bench's, not a delivery an order needs.
      if (c.name.startsWith(BENCH_OBSERVER_PREFIX)) continue;
      const name = /^[a-z]+-[A-Za-z]/.test(c.name) ? c.name.replace(/-p\d+$/, '-p*') : 'ordered consumers (BFF)';
      deliveries[name] = (deliveries[name] ?? 0) + c.delivered.consumer_seq;
    }
    return { deliveries, lock: streams.find((s) => s.name === LOCK_STREAM)?.state.last_seq ?? 0 };
  };
  const store = async () => {
    const out: Record<string, number> = {};
    for (const { name, url } of serviceMetrics) {
      const text = await (await fetch(url)).text();
      for (const line of text.split('\n')) {
        const lease = /^popote_leases_total\{lock="([^"]*)"\} (\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/.exec(line);
        if (lease) {
          const key = `lease ${name.replace(/-\d+$/, '')}.${lease[1]}`;
          out[key] = (out[key] ?? 0) + Number(lease[2]);
          continue;
        }
        const m = /^popote_store_operations_total\{([^}]*)\} (\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/.exec(line);
        if (!m) continue;
        const command = /command="([^"]*)"/.exec(m[1])?.[1] ?? '?';
        const collection = /collection="([^"]*)"/.exec(m[1])?.[1] ?? '';
        const key = `${command} ${name.replace(/-\d+$/, '')}.${collection}`;
        out[key] = (out[key] ?? 0) + Number(m[2]);
      }
    }
    return out;
  };

  return {
    async snapshot(): Promise<WorkSnapshot> {
      const js = await jetstream();
      return { rpc: await rpc(), lock_stream_messages: js.lock, deliveries: js.deliveries, store: await store() };
    },
  };
}

const diff = (a: Record<string, number>, b: Record<string, number>) => {
  const out: Record<string, number> = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = (b[k] ?? 0) - (a[k] ?? 0);
    if (d > 0) out[k] = d;
  }
  return out;
};
const sum = (r: Record<string, number>) => Object.values(r).reduce((s, v) => s + v, 0);
const perOrder = (r: Record<string, number>, orders: number) =>
  Object.fromEntries(
    Object.entries(r)
      .sort((x, y) => y[1] - x[1])
      .map(([k, v]) => [k, +(v / orders).toFixed(2)]),
  );

/** The work between two snapshots, per paid order (the MongoDB handshake commands are not store work). */
export function workPerOrder(before: WorkSnapshot, after: WorkSnapshot, orders: number) {
  const rpc = diff(before.rpc, after.rpc);
  const deliveries = diff(before.deliveries, after.deliveries);
  // Handshakes and health checks are no store work.
  const counted = diff(before.store, after.store);
  const leases = Object.fromEntries(
    Object.entries(counted)
      .filter(([k]) => k.startsWith('lease '))
      .map(([k, v]) => [k.slice(6), v]),
  );
  const store = Object.fromEntries(
    Object.entries(counted).filter(
      ([k]) => !/^(lease|hello|ismaster|isMaster|ping|buildInfo|buildinfo|saslStart|saslContinue|endSessions) /.test(k),
    ),
  );
  const byCommand: Record<string, number> = {};
  for (const [k, v] of Object.entries(store)) byCommand[k.split(' ')[0]] = (byCommand[k.split(' ')[0]] ?? 0) + v;
  const n = Math.max(1, orders);
  return {
    orders,
    service_calls: +(sum(rpc) / n).toFixed(2),
    service_calls_by_subject: perOrder(rpc, n),
    /** A lease is a create and a delete in the lock bucket's stream. */
    kv_leases: +((after.lock_stream_messages - before.lock_stream_messages) / 2 / n).toFixed(2),
    /** Counted by each service (popote_leases_total), by service and what the key locks. */
    kv_leases_by_lock: perOrder(leases, n),
    event_deliveries: +(sum(deliveries) / n).toFixed(2),
    event_deliveries_by_consumer: perOrder(deliveries, n),
    store_operations: +(sum(store) / n).toFixed(2),
    store_operations_by_command: perOrder(byCommand, n),
    store_operations_by_collection: perOrder(store, n),
  };
}
