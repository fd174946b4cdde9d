import { MongoClient } from 'mongodb';
import { readdirSync, readFileSync } from 'node:fs';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { percentile } from './stats';
import { BENCH_OBSERVER_PREFIX, jetstreamState, workCounters, workPerOrder } from './work-counters';

/** A GraphQL client with its own cookie jar (one per simulated person). */
export function person(bff: string) {
  const jar = new Map<string, string>();
  return async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${bff}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ query, variables }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const body = (await res.json()) as { data?: any; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors[0].message);
    return body.data;
  };
}
export type Person = ReturnType<typeof person>;

/**
 * Paying and publishing need a confirmed address. The load generator confirms its
 * accounts in identity's database, as opening the emailed link would (reading hundreds of links from
 * the mail inbox would measure the inbox); the browser tests use the real link.
 */
let storeClient: MongoClient | null = null;
export async function confirmAccountsIn(mongoUrl: string): Promise<void> {
  storeClient = await MongoClient.connect(mongoUrl);
}
export async function stopConfirmingAccounts(): Promise<void> {
  await storeClient?.close();
  storeClient = null;
}

let unique = 0;
export const signUp = async (gql: Person, user_type: string, i: number) => {
  const tag = `${Date.now().toString(36)}${(++unique).toString(36)}`;
  const email = `bench-${user_type}-${i}-${tag}@popote.test`;
  const created = await gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', {
    i: {
      email,
      password: 'bench-secret',
      name: 'Bench',
      username: `b_${user_type.slice(0, 2)}_${i}_${tag}`.slice(0, 30),
      location: 'Lyon',
      user_type,
    },
  });
  if (!storeClient) throw new Error('confirmAccountsIn(MONGO_URL) first: paying and publishing need a confirmed address');
  // After the relay has cleared the sign-up's outbox (FerretDB rewrites whole documents: an update
  // racing that clear could be undone); nothing else writes the user afterwards.
  const users = storeClient.db('popote_identity').collection('users');
  for (let i = 0; i < 200 && (await users.findOne({ email, _outbox_pending: true }, { projection: { _id: 1 } })); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await users.updateOne({ email }, { $set: { email_verified_at: new Date() } });
  // A buyer who confirmed their address and came back: the session's token says so, as after the
  // link opened in the same browser (ADR 0021 decision 12). Before any clock starts.
  await gql('mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { user_id } } }', { e: email, p: 'bench-secret' });
  return created;
};

/** Pick-up every day, all day, room for every buyer of a run: set with the cook's first meal. */
const PICKUP_ALL_DAY = {
  windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })),
  days_off: [],
  address: { street: '1 rue du Banc', postcode: '75001', commune_code: '75101' }, // Paris 1er
  cutoff_minutes: 0,
  slot_minutes: 15,
  capacity: 100,
  capacity_unit: 'orders',
};

export async function createMeal(cook: Person, portions: number, name = 'Plat du banc d’essai'): Promise<string> {
  await setPickupAllDay(cook);
  return publishMeal(cook, portions, name);
}

export const setPickupAllDay = (cook: Person) =>
  cook('mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }', { i: PICKUP_ALL_DAY });

/** A dish published by a cook whose pick-up settings are saved. */
export async function publishMeal(cook: Person, portions: number, name: string): Promise<string> {
  const meal = await cook('mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', {
    i: {
      name,
      description: 'Pour mesurer',
      price_cents: 990,
      portions_available: portions,
      ingredients: ['Riz'],
      allergens: [],
      category: 'healthy',
      preparation_time: 5,
      available_date: new Date().toISOString(),
    },
  });
  return meal.createMeal.meal_id as string;
}

/** The slot a buyer picks among those offered (in time order, never empty): the first by default. */
export type SlotPicker = (offered: { start: string }[]) => { start: string };

/**
 * As a buyer does at checkout: for each cook of the cart, a pick-up slot among those offered
 * (`pick`: the first by default), read again on every call; then the payment intent.
 */
export async function createIntent(gql: Person, pick: SlotPicker = (offered) => offered[0]!): Promise<string> {
  const cart = await gql('{ cart { items { meal_id quantity meal { cook_id } } } }');
  const items = cart.cart.items as { meal_id: string; quantity: number; meal: { cook_id: string } }[];
  const slots = await Promise.all(
    [...new Set(items.map((i) => i.meal.cook_id))].map(async (cookId) => {
      const own = items.filter((i) => i.meal.cook_id === cookId);
      const r = await gql(
        'query($c: ID!, $m: [ID!]!, $p: Int!) { pickupSlots(cook_id: $c, meal_ids: $m, portions: $p) { slots { start } } }',
        {
          c: cookId,
          m: own.map((i) => i.meal_id),
          p: own.reduce((n, i) => n + i.quantity, 0),
        },
      );
      const offered = r.pickupSlots.slots as { start: string }[];
      if (!offered.length) throw new Error(`no pick-up slot offered by ${cookId}`);
      return { cook_id: cookId, start: pick(offered).start };
    }),
  );
  const intent = await gql('mutation($s: [ChosenSlotInput!]!) { createPaymentIntent(slots: $s) { checkout { checkout_id } } }', {
    s: slots,
  });
  return intent.createPaymentIntent.checkout.checkout_id as string;
}

/**
 * A buyer's whole checkout: add to cart, slots and payment intent (the reservation), the sandbox card;
 * with `untilVisible`, as /orders does: the live order updates (GraphQL subscription over the
 * WebSocket) followed before the card is charged, and the buyer's orders read again on each new
 * order announced until the checkout's is listed: returns the time from the add to the paid order
 * visible to the buyer (null if it never was within a minute).
 */
export const buyOne = async (gql: Person, mealId: string, quantity = 1, untilVisible = false) => {
  const t0 = performance.now();
  await gql('mutation($m: ID!, $q: Int!) { addToCart(meal_id: $m, quantity: $q) { item_count } }', { m: mealId, q: quantity });
  const checkoutId = await createIntent(gql);
  const live = untilVisible ? await followOrderUpdates(gql) : null;
  try {
    const paid = await gql(
      'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
      { id: checkoutId },
    );
    if (paid.confirmSandboxPayment.status !== 'succeeded') throw new Error('payment failed');
    const visibleMs = live ? await live.untilListed(checkoutId, t0) : null;
    return { checkoutId, visibleMs };
  } finally {
    live?.close();
  }
};

/** The subscription /orders opens (frontends/shared/graphql/src/order-updates.graphql). */
const ORDER_UPDATED = 'subscription OrderUpdated { orderUpdated { order_id from order_status } }';
/** The list /orders shows (`MyOrders` with `ConsumerOrderFields`, frontends/consumer/src/features/orders/graphql/orders.graphql). */
const MY_ORDERS = `query MyOrders { myOrders { order_id checkout_id cook_id cook_name total_cents order_status delivery_option
  pickup_start pickup_end pickup_address { street postcode city } cancel_reason created_at updated_at
  items { order_item_id meal_id name quantity price_cents } } }`;
/** How long `untilVisible` waits for the order. */
const VISIBLE_TIMEOUT_MS = 60_000;

/**
 * The buyer's live order updates, as the browser follows them: graphql-ws on the BFF's `/graphql`,
 * the person's session cookies on the upgrade request (checked once, at connection). Resolves once
 * the BFF acknowledged the connection; the subscription is sent right after, before anything else
 * the caller does reaches the BFF through ordering's events.
 */
async function followOrderUpdates(gql: Person) {
  const { cookie, url } = await sessionOf(gql);
  const { createClient } = await import('graphql-ws/client');
  const headers = { cookie };
  // Node's WebSocket (undici) takes request headers, as the browser sends its cookies itself.
  class SessionWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, { protocols, headers });
    }
  }
  const client = createClient({
    url: url.replace(/^http/, 'ws'),
    webSocketImpl: SessionWebSocket,
    lazy: true,
    retryAttempts: 0,
  });
  const newOrders: string[] = [];
  let wake: (() => void) | null = null;
  let ended: unknown = null;
  const connected = new Promise<void>((resolve, reject) => {
    client.on('connected', () => resolve());
    client.on('closed', (event) => reject(new Error(`order updates closed: ${(event as { code?: number }).code ?? '?'}`)));
  });
  connected.catch(() => undefined);
  const stop = client.subscribe<{ orderUpdated: { order_id: string; from: string | null; order_status: string } }>(
    { query: ORDER_UPDATED },
    {
      next: (result) => {
        // A new order (`from` null); the status changes of earlier ones are not what is awaited.
        if (result.data?.orderUpdated.from === null) newOrders.push(result.data.orderUpdated.order_id);
        wake?.();
      },
      error: (error) => {
        ended = error;
        wake?.();
      },
      complete: () => {
        ended ??= new Error('order updates completed');
        wake?.();
      },
    },
  );
  try {
    await connected;
  } catch (error) {
    stop();
    await client.dispose();
    throw error;
  }
  return {
    /** Time from `t0` until the buyer's orders, read again on each new order announced, list the checkout's. */
    async untilListed(checkoutId: string, t0: number): Promise<number | null> {
      const deadline = performance.now() + VISIBLE_TIMEOUT_MS;
      for (;;) {
        while (!newOrders.length && !ended) {
          const left = deadline - performance.now();
          if (left <= 0) return null;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, left);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        if (!newOrders.length) return null; // the subscription ended
        newOrders.length = 0;
        const r = await gql(MY_ORDERS);
        if ((r.myOrders as { checkout_id: string }[]).some((order) => order.checkout_id === checkoutId)) return performance.now() - t0;
      }
    },
    close(): void {
      stop();
      void client.dispose();
    },
  };
}

/**
 * The cookies and endpoint `gql` uses (its jar is its own): read off one cheap request it makes,
 * recognised by a unique operation name, by a pass-through wrapper around `fetch`.
 */
interface Session {
  cookie: string;
  url: string;
}
const sessionReaders = new Map<string, (session: Session) => void>();
let sessionTap = false;
let sessionReads = 0;
async function sessionOf(gql: Person): Promise<Session> {
  if (!sessionTap) {
    sessionTap = true;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      for (const [name, read] of sessionReaders) {
        if (body.includes(name)) read({ cookie: new Headers(init?.headers).get('cookie') ?? '', url: String(input) });
      }
      return realFetch(input, init);
    };
  }
  const name = `BenchSession${++sessionReads}`;
  const seen: { session?: Session } = {};
  sessionReaders.set(name, (session) => {
    seen.session = session;
  });
  try {
    await gql(`query ${name} { __typename }`);
  } finally {
    sessionReaders.delete(name);
  }
  if (!seen.session?.cookie) throw new Error('no session cookie to open the order updates with');
  return seen.session;
}

/** CPU time (user + system, ms) of every process below this one, by name. */
export function cpuByProcess(): Map<string, number> {
  const tick = 10; // USER_HZ = 100 on Linux
  const all = new Map<number, { ppid: number; ms: number; name: string }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const script = cmd.find((a) => /dist\/main\.js|server\.mjs/.test(a));
      const name = script
        ? (script.match(/(?:services\/)?([a-z-]+)\/(?:dist\/main\.js|server\.mjs)$/)?.[1] ?? script)
        : (cmd[0]?.split('/').pop() ?? d);
      all.set(Number(d), { ppid: Number(rest[1]), ms: (Number(rest[11]) + Number(rest[12])) * tick, name });
    } catch {
      /* gone meanwhile */
    }
  }
  const mine = new Set<number>([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of all) {
      if (!mine.has(pid) && mine.has(p.ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  const out = new Map<string, number>();
  out.set('load generator (bench)', all.get(process.pid)?.ms ?? 0);
  for (const pid of mine) {
    if (pid === process.pid) continue;
    const p = all.get(pid)!;
    out.set(p.name, (out.get(p.name) ?? 0) + p.ms);
  }
  return out;
}

/**
 * Checkout throughput and payment → stock latency. `cooks` cooks each get a meal; `buyers` people
 * each pay one checkout (cart → intent → sandbox card, over GraphQL) for one portion of a cook's
 * meal (round robin), `concurrency` at a time. The time from payment success to stock committed is
 * read from the events' own timestamps on JetStream. Throughput is counted twice: checkouts paid
 * per second (the GraphQL flow) and checkouts whose stock is committed per second (until the last).
 */
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

export async function checkoutBench(
  bff: string,
  nats: NatsAccess,
  opts: {
    buyers: number;
    concurrency: number;
    cooks: number;
    untilVisible?: boolean;
    counting: { natsMonitorUrl: string; serviceMetrics: { name: string; url: string }[] };
  },
) {
  const { buyers, concurrency, cooks } = opts;
  // Sign-ups hash a password (argon2, CPU-bound): a few at a time, as in the buyers' set-up below.
  const mealIds: string[] = [];
  for (let i = 0; i < cooks; i += 4) {
    mealIds.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(4, cooks - i) }, async (_, j) => {
          const cook = person(bff);
          await signUp(cook, 'cook', i + j);
          return createMeal(cook, 1000); // the most a cook may offer (spec), enough for every run
        }),
      )),
    );
  }
  const people: Person[] = [];
  for (let i = 0; i < buyers; i += 4) {
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(4, buyers - i) }, async (_, j) => {
          const gql = person(bff);
          await signUp(gql, 'consumer', i + j);
          return gql;
        }),
      )),
    );
  }

  // As the launcher's read-only observer user (replies on its own inbox, the only one it may read).
  const nc = await connect({
    servers: nats.url.split(','),
    ...(nats.user ? { user: nats.user, pass: nats.password, inboxPrefix: `_INBOX_${nats.user}` } : {}),
  });
  const js = jetstream(nc);
  const paidAt = new Map<string, number>();
  const placedAt = new Map<string, { checkout: string; at: number }>();
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
          const { visibleMs } = await buyOne(people[i], mealIds[i % cooks], 1, !!opts.untilVisible);
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
  const workerIdle = async () =>
    ((await jetstreamState(opts.counting.natsMonitorUrl)).find((st) => st.name === 'EVENTS')?.consumer_detail ?? [])
      .filter((c) => /^catalogue-stock-p\d+$/.test(c.name))
      .every((c) => c.num_pending === 0 && c.num_ack_pending === 0);
  while (Date.now() < deadline && !(placedAt.size >= buyers - failures.length && (await workerIdle())))
    await new Promise((r) => setTimeout(r, 50));
  const cpuAfter = cpuByProcess();
  const workAfter = await counters.snapshot();
  messages.stop();
  await reading;
  await nc.close();
  // When each order was committed: the stock worker's own record (nobody is told of a commit since checkout v3).
  const committedAt = new Map<string, { checkout: string; at: number }>();
  if (storeClient)
    for (const a of await storeClient
      .db('popote_catalogue')
      .collection('stockApplications')
      .find({ _id: { $in: [...placedAt.keys()] as never[] }, result: 'committed' }, { projection: { applied_at: 1 } })
      .toArray())
      committedAt.set(String(a._id), { checkout: placedAt.get(String(a._id))!.checkout, at: new Date(a.applied_at as Date).getTime() });
  const lastCommit = Math.max(...[...committedAt.values()].map((c) => c.at));
  const toCommit = [...committedAt.values()].map((c) => c.at - (paidAt.get(c.checkout) ?? c.at)).sort((a, b) => a - b);
  const toPlaced = [...placedAt.values()].map((c) => c.at - (paidAt.get(c.checkout) ?? c.at)).sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  visible.sort((a, b) => a - b);
  const wall = (lastCommit - startedAt) / 1000;
  const cpuMs = [...cpuAfter].map(([name, ms]) => [name, ms - (cpuBefore.get(name) ?? 0)] as const);
  const paidOrders = buyers - failures.length;
  const coreSeconds = (pred: (name: string) => boolean) =>
    +(cpuMs.filter(([name]) => pred(name)).reduce((s, [, ms]) => s + ms, 0) / 1000 / Math.max(1, paidOrders)).toFixed(3);
  const cpu = Object.fromEntries(
    [...cpuAfter]
      .map(([name, ms]) => [name, ms - (cpuBefore.get(name) ?? 0)] as const)
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
    work_per_paid_order: workPerOrder(workBefore, workAfter, paidOrders),
    /** Percent of one core per process over the run (200 % = both cores of this machine). */
    cpu_percent_of_one_core: cpu,
  };
}
