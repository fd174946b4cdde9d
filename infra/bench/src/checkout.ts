// The checkout load driver: cooks and buyers signed up, then every buyer's checkout, `concurrency`
// at a time, timed from the GraphQL flow and from the events on JetStream (checkout-measure.ts
// turns what a run recorded into its figures). The buyers' steps are in buyers.ts.

import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { BENCH_PROMO_CODE, benchStore, buyOne, createMeal, createPromotion, person, signUp } from './buyers';
import { checkoutReport, cpuByProcess, eventsConsumersIdle, stockCommits, type Timed } from './checkout-measure';
import { BENCH_OBSERVER_PREFIX, workCounters } from './work-counters';

export {
  buyOne,
  confirmAccountsIn,
  createIntent,
  createMeal,
  person,
  publishMeal,
  setPickupAllDay,
  signUp,
  stopConfirmingAccounts,
  type Person,
  type SlotPicker,
} from './buyers';
export { cpuByProcess } from './checkout-measure';

/** Where the event stream is, and the read-only observer user the launcher made for tools. */
export interface NatsAccess {
  url: string;
  user?: string;
  password?: string;
}
export const natsAccessOf = (env: Record<string, string | undefined>): NatsAccess => ({
  url: env.NATS_URL!,
  user: env.NATS_OBSERVER_USER,
  password: env.NATS_OBSERVER_PASSWORD,
});

/** `make(0)` … `make(n - 1)`, four at a time. */
async function fourAtATime<T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += 4) out.push(...(await Promise.all(Array.from({ length: Math.min(4, n - i) }, (_, j) => make(i + j)))));
  return out;
}

/**
 * Checkout throughput and payment → stock latency. `cooks` cooks each get a meal; `buyers` people
 * each pay one checkout (cart → intent → sandbox card, over GraphQL) for one portion of a cook's
 * meal (round robin), `concurrency` at a time. The time from payment success to stock committed is
 * read from the events' own timestamps on JetStream. Throughput is counted twice: checkouts paid
 * per second (the GraphQL flow) and checkouts whose stock is committed per second (until the last).
 */
export async function checkoutBench(
  bff: string,
  nats: NatsAccess,
  opts: {
    buyers: number;
    concurrency: number;
    cooks: number;
    untilVisible?: boolean;
    /** Every checkout delivered by the cook (ADR 0044) instead of picked up. */
    delivery?: boolean;
    /** Every checkout with the cook's promotion code (ADR 0045). */
    promo?: boolean;
    counting: { natsMonitorUrl: string; serviceMetrics: { name: string; url: string }[] };
  },
) {
  const { buyers, concurrency, cooks } = opts;
  // Sign-ups hash a password (argon2, CPU-bound): a few at a time, cooks and buyers alike.
  const mealIds = await fourAtATime(cooks, async (i) => {
    const cook = person(bff);
    await signUp(cook, 'cook', i);
    const meal = await createMeal(cook, 1000, undefined, !!opts.delivery); // the most a cook may offer, enough for every run
    if (opts.promo) await createPromotion(cook);
    return meal;
  });
  const people = await fourAtATime(buyers, async (i) => {
    const gql = person(bff);
    await signUp(gql, 'consumer', i);
    return gql;
  });

  // As the launcher's read-only observer user (replies on its own inbox, the only one it may read).
  const nc = await connect({
    servers: nats.url.split(','),
    ...(nats.user ? { user: nats.user, pass: nats.password, inboxPrefix: `_INBOX_${nats.user}` } : {}),
  });
  const js = jetstream(nc);
  const paidAt = new Map<string, number>();
  const placedAt: Timed = new Map();
  const consumer = await js.consumers.get('EVENTS', {
    name_prefix: BENCH_OBSERVER_PREFIX, // the work counters leave the bench's own deliveries out
    filter_subjects: ['evt.payments.payment-succeeded.v1', 'evt.ordering.order-placed.v1.>'],
    deliver_policy: DeliverPolicy.New,
  });
  const messages = await consumer.consume();
  const reading = (async () => {
    for await (const m of messages) {
      const e = m.json<{ type: string; occurred_at: string; data: { checkout_id: string; order_id?: string } }>();
      if (e.type.includes('payment-succeeded')) paidAt.set(e.data.checkout_id, Date.parse(e.occurred_at));
      else placedAt.set(e.data.order_id!, { checkout: e.data.checkout_id, at: Date.parse(e.occurred_at) });
    }
  })();

  const counters = workCounters(opts.counting.natsMonitorUrl, opts.counting.serviceMetrics);
  const workBefore = await counters.snapshot();
  const cpuBefore = cpuByProcess();
  const latencies: number[] = [];
  const visible: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < people.length) {
        const i = next++;
        const t = performance.now();
        try {
          const { visibleMs } = await buyOne(
            people[i],
            mealIds[i % cooks],
            1,
            !!opts.untilVisible,
            !!opts.delivery,
            opts.promo ? BENCH_PROMO_CODE : null,
          );
          latencies.push(performance.now() - t);
          if (visibleMs !== null) visible.push(visibleMs);
        } catch (err) {
          // Counted and reported (a failed checkout is part of the result, not a reason to stop).
          failures.push((err as Error).message);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + 120_000;
  // Every paid order placed, and the catalogue's stock worker through all it was given (asked of
  // NATS, not of the store: the bench's own queries must not count as the product's work).
  const workerIdle = () => eventsConsumersIdle(opts.counting.natsMonitorUrl, /^catalogue-stock-p\d+$/);
  while (Date.now() < deadline && !(placedAt.size >= buyers - failures.length && (await workerIdle())))
    await new Promise((r) => setTimeout(r, 50));
  const cpuAfter = cpuByProcess();
  const workAfter = await counters.snapshot();
  messages.stop();
  await reading;
  await nc.close();
  const committedAt = await stockCommits(benchStore(), placedAt);
  return checkoutReport({
    cooks,
    buyers,
    concurrency,
    failures,
    seconds,
    startedAt,
    latencies,
    visible,
    paidAt,
    placedAt,
    committedAt,
    cpuBefore,
    cpuAfter,
    workBefore,
    workAfter,
  });
}
