import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ActorSigner, DEV_ACTOR_SIGNING_KEY, natsOptions, RpcClient, rpcServerOptions } from '@popote/platform';
import { STREAMS } from '@popote/contracts';
import { inject } from 'vitest';

/**
 * A NATS user's credentials from the harness (NATS_USER / NATS_PASSWORD); a name that is no process
 * of Popote (a test's own service) gets the tests' user; none when NATS has no users.
 */
export function natsCredentials(user: string): Record<string, string> {
  const users = JSON.parse(inject('infraEnv').POPOTE_NATS_USERS ?? '{}') as Record<string, string>;
  if (users[user]) return { NATS_USER: user, NATS_PASSWORD: users[user] };
  return users.test ? { NATS_USER: 'test', NATS_PASSWORD: users.test } : {};
}

/** The tests' own NATS client (a user allowed everything: it plays publishers, observers and the BFF). */
export function testNats(natsUrl = inject('infraEnv').NATS_URL) {
  return connect(natsOptions({ NATS_URL: natsUrl!, ...natsCredentials('test') }, 'test'));
}

/** An RPC client that calls as the BFF does: the actor of each request signed (local development key). */
export async function testRpcClient(natsUrl = inject('infraEnv').NATS_URL): Promise<RpcClient> {
  const client = new RpcClient({ NATS_URL: natsUrl!, ...natsCredentials('test') }, 'test', new ActorSigner(DEV_ACTOR_SIGNING_KEY));
  await client.connect();
  return client;
}

/**
 * The environment a service under test gets: the shared test servers plus a database of its own
 * (unique per test file and service), so files never see each other's data.
 */
export function serviceEnv(service: string, file: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const infra = inject('infraEnv');
  const stem = basename(file).replace(/\W+/g, '_').slice(0, 24);
  return {
    ...infra,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    MONGO_DB: `t_${service}_${stem}_${randomUUID().slice(0, 8)}`,
    ...natsCredentials(service),
    MEDIA_BUCKET: `t-${randomUUID().slice(0, 12)}`,
    HTTP_PORT: '0',
    EVENTS_MAX_DELIVER: '3',
    // Explicit opt-ins of local runs (refused in production): the offline payment sandbox, demo data.
    PAYMENTS_PROVIDER: 'sandbox',
    DEMO_DATA: 'true',
    ...extra,
  };
}

/** Test files run one after another; each starts from empty streams and no durable consumers. */
export async function resetJetStream(natsUrl = inject('infraEnv').NATS_URL): Promise<void> {
  const nc = await testNats(natsUrl);
  try {
    const jsm = await jetstreamManager(nc);
    for (const s of [STREAMS.events.name, STREAMS.deadLetters.name]) {
      await jsm.streams.delete(s).catch(() => false);
    }
  } finally {
    await nc.close();
  }
}

/** How a service's app is started: `rawBody` as its `main` passes it (signed webhooks read the raw bytes). */
export interface ServiceAppOptions {
  rawBody?: boolean;
}

/** Starts a service's Nest app as in production (NATS RPC listener with its queue group and NATS user, HTTP). */
export async function startServiceApp(
  service: string,
  module: DynamicModule,
  natsUrl: string,
  options: ServiceAppOptions = {},
): Promise<INestApplication> {
  const app = await NestFactory.create(module, { logger: ['error', 'warn'], rawBody: options.rawBody ?? false });
  app.connectMicroservice<MicroserviceOptions>(rpcServerOptions(service, { NATS_URL: natsUrl, ...natsCredentials(service) }), {
    inheritAppConfig: true,
  });
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  return app;
}

/** Polls until `check` returns a value (not undefined, null or false) or the time runs out. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 10_000,
  stepMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastErr: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await check();
      if (v !== undefined && v !== null && v !== false) return v as T;
    } catch (err) {
      lastErr = err;
    }
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${lastErr ? `: ${(lastErr as Error).message}` : ''}`);
}

/** The events on `subject` (or its partitions) whose envelope satisfies `match`, newest first, up to `limit`. */
async function scanEvents<T>(
  nc: Awaited<ReturnType<typeof testNats>>,
  subject: string,
  match: (e: import('@popote/contracts').Envelope<T>) => boolean,
  limit: number,
): Promise<import('@popote/contracts').Envelope<T>[]> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(STREAMS.events.name);
  const found: import('@popote/contracts').Envelope<T>[] = [];
  for (let seq = info.state.last_seq; seq >= info.state.first_seq && seq > 0 && found.length < limit; seq--) {
    const m = await jsm.streams.getMessage(STREAMS.events.name, { seq }).catch(() => null);
    // Partitioned events travel on `<subject>.<partition>`.
    if (!m || (m.subject !== subject && !m.subject.startsWith(`${subject}.`))) continue;
    const e = m.json<import('@popote/contracts').Envelope<T>>();
    if (match(e)) found.push(e);
  }
  return found;
}

/**
 * Waits for an event on `subject` whose envelope satisfies `match`, scanning the stream (not just
 * the last message of the subject, which another test's event may have overtaken).
 */
export async function findEvent<T = Record<string, unknown>>(
  subject: string,
  match: (e: import('@popote/contracts').Envelope<T>) => boolean,
  timeoutMs = 15_000,
  natsUrl = inject('infraEnv').NATS_URL,
): Promise<import('@popote/contracts').Envelope<T>> {
  const nc = await testNats(natsUrl);
  try {
    return await eventually(async () => (await scanEvents(nc, subject, match, 1))[0], timeoutMs, 200);
  } finally {
    await nc.close();
  }
}

/** Every event on `subject` in the stream now whose envelope satisfies `match` (to count them: once, never twice). */
export async function eventsMatching<T = Record<string, unknown>>(
  subject: string,
  match: (e: import('@popote/contracts').Envelope<T>) => boolean,
  natsUrl = inject('infraEnv').NATS_URL,
): Promise<import('@popote/contracts').Envelope<T>[]> {
  const nc = await testNats(natsUrl);
  try {
    return await scanEvents(nc, subject, match, Number.POSITIVE_INFINITY);
  } finally {
    await nc.close();
  }
}

/** Awaits a promise that must fail with a coded DomainError, and returns it. */
export async function expectDomainError(p: Promise<unknown>): Promise<import('@popote/contracts').DomainError> {
  const { DomainError } = await import('@popote/contracts');
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${err === undefined ? 'success' : String(err)}`);
  return err;
}

export interface GqlResult {
  data?: any;
  errors?: { message: string; extensions?: { code?: string; fields?: Record<string, string> } }[];
}

/** A browser-like GraphQL client: keeps the cookies the BFF sets, sends them back. */
export class GqlSession {
  readonly cookies = new Map<string, string>();
  lastSetCookie: string[] = [];

  constructor(private readonly url: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keep(res: Response): void {
    this.lastSetCookie = res.headers.getSetCookie();
    for (const c of this.lastSetCookie) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
      if (!value || /Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<GqlResult> {
    const res = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookieHeader(), ...headers },
      body: JSON.stringify({ query, variables }),
    });
    this.keep(res);
    return (await res.json()) as GqlResult;
  }
}

/** An email the development mail server (maildev) received. */
export interface InboxMessage {
  subject: string;
  text?: string;
  to: { address: string }[];
}

/** Polls the test mail server's REST API until the `nth` (0: first) email to `to` whose subject matches arrives. */
export async function waitForMail(to: string, subject: RegExp, nth = 0, timeoutMs = 20_000): Promise<InboxMessage> {
  const base = inject('infraEnv').MAIL_INBOX_URL!.replace(/\/+$/, '');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/email`);
    if (res.ok) {
      const found = ((await res.json()) as InboxMessage[]).filter(
        (m) => m.to.some((a) => a.address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject),
      )[nth];
      if (found) return found;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** The token of an account email's link (`…?token=…`). */
export const tokenOfLink = (text: string | undefined): string => {
  const m = /[?&]token=([A-Za-z0-9_%-]+)/.exec(text ?? '');
  if (!m) throw new Error(`no link with a token in: ${text}`);
  return decodeURIComponent(m[1]!);
};

/**
 * How far after the first slot offered a test's slot starts. The first slot offered sits right at
 * the edge of what may be chosen (the next quarter hour with no cutoff, the cutoff's edge otherwise):
 * chosen a second before that edge moves, it is refused as past or closed a second later. Half an
 * hour on, it stays open for the whole test, at any hour of any day (ADR 0033).
 */
export const SLOT_MARGIN_MS = 30 * 60_000;

/**
 * The slot a test picks among `slots` (in order, as offered): the first that starts at least
 * `marginMs` after the first offered, or the last offered when none does.
 */
export function slotWithMargin<T extends { start: string }>(slots: readonly T[], marginMs = SLOT_MARGIN_MS): T | undefined {
  if (!slots.length) return undefined;
  const from = Date.parse(slots[0]!.start) + marginMs;
  return slots.find((s) => Date.parse(s.start) >= from) ?? slots[slots.length - 1];
}

/** Paris (Europe/Paris) calendar day of `at`, as YYYY-MM-DD. */
export const parisDay = (at: Date | number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The instant at Paris wall-clock time `hhmm` on the Paris day `dayOffset` days from `now`'s (-1:
 * yesterday). For times that exist on every day (not 02:00–03:00, which the changes of hour skip or repeat).
 */
export function parisTime(dayOffset: number, hhmm: string, now: Date | number = Date.now()): Date {
  const [y, m, d] = parisDay(now).split('-').map(Number);
  const [h, min] = hhmm.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d! + dayOffset, h, min);
  // Paris is UTC+1 or UTC+2: the instant whose Paris wall time is `wall`.
  for (const offsetHours of [1, 2]) {
    const at = wall - offsetHours * 3600_000;
    const shown = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    if (shown === hhmm.padStart(5, '0') && parisDay(at) === new Date(wall).toISOString().slice(0, 10)) return new Date(at);
  }
  throw new Error(`${hhmm} does not exist on that Paris day`);
}

/**
 * As a buyer does at checkout: for each cook of the signed-in session's cart, a pick-up slot offered
 * (`slotWithMargin`: half an hour after the first offered, so that the test never races the slot's
 * start or cutoff). The result is the `slots` argument of `createPaymentIntent`.
 */
export async function chooseSlotsGql(session: GqlSession): Promise<{ cook_id: string; start: string }[]> {
  const cart = await session.gql('{ cart { items { meal_id quantity meal { cook_id } } } }');
  const items = (cart.data?.cart?.items ?? []) as { meal_id: string; quantity: number; meal: { cook_id: string } }[];
  const cooks = [...new Set(items.map((i) => i.meal.cook_id))];
  return Promise.all(
    cooks.map(async (cookId) => {
      const own = items.filter((i) => i.meal.cook_id === cookId);
      const r = await session.gql(
        'query($c: ID!, $m: [ID!]!, $p: Int!) { pickupSlots(cook_id: $c, meal_ids: $m, portions: $p) { slots { start } } }',
        { c: cookId, m: own.map((i) => i.meal_id), p: own.reduce((n, i) => n + i.quantity, 0) },
      );
      const start = slotWithMargin((r.data?.pickupSlots?.slots ?? []) as { start: string }[])?.start;
      if (!start) throw new Error(`no pick-up slot offered by ${cookId}: ${JSON.stringify(r.errors ?? r.data)}`);
      return { cook_id: cookId, start };
    }),
  );
}

/**
 * Pick-up every day, all day (tests not about slots give their cooks these rules): quarter hours from
 * 00:00 to 23:45, Paris time, no cutoff. There is always a slot within half an hour and many ahead
 * (14 days are offered), but none from 23:45 to midnight: pick with `slotWithMargin`, never "now + n".
 */
export const PICKUP_ALL_DAY = {
  windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })),
  days_off: [] as string[],
  address: { street: '1 rue du Test', postcode: '75001', commune_code: '75101' }, // Paris 1er
  cutoff_minutes: 0,
  slot_minutes: 15,
  capacity: 100,
  capacity_unit: 'orders' as const,
};
