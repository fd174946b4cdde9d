// NATS users and permissions: one user per process, each allowed only what its part needs. The
// launcher and the integration-test harness render this table into the NATS server's configuration
// (and hand each process its own NATS_USER / NATS_PASSWORD); deployments render the same table.

import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const NATS_SERVICES = ['identity', 'catalogue', 'cart', 'ordering', 'payments', 'notifications'] as const;
export type NatsService = (typeof NATS_SERVICES)[number];

export interface NatsPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
  /** May answer the requests it receives (publish to their reply subjects, once each). */
  allow_responses: boolean;
}

export interface NatsUser {
  user: string;
  password: string;
  /** None: every subject (the test harness's own client only). */
  permissions?: NatsPermissions;
}

/** Replies come to `_INBOX_<user>.…` (the processes set this inbox prefix; see @popote/platform natsOptions). */
export const inboxOf = (user: string) => `_INBOX_${user}.>`;

/** RPCs that only other services call: the BFF may not. */
export const INTERNAL_RPCS = [
  'rpc.identity.get-users',
  'rpc.identity.cook-legal',
  'rpc.ordering.orders-by-id',
  // Account lifecycle (issue 18): identity asks for the account emails and whether an erasure must wait.
  'rpc.notifications.send-account-email',
  'rpc.ordering.erasure-blockers',
  'rpc.payments.erasure-blockers',
  'rpc.catalogue.reserve-checkout',
  'rpc.catalogue.release-reservation',
  'rpc.catalogue.move-pickup-slot',
  'rpc.catalogue.change-held-slot',
];

/** The RPCs each service calls on another (nothing else). */
export const SERVICE_CALLS: Record<NatsService, string[]> = {
  identity: ['rpc.notifications.send-account-email', 'rpc.ordering.erasure-blockers', 'rpc.payments.erasure-blockers'],
  catalogue: [],
  cart: ['rpc.catalogue.get-meal', 'rpc.catalogue.get-meals'],
  ordering: ['rpc.catalogue.move-pickup-slot'], // the cook moves an order's pick-up slot (ADR 0008)
  // orders-by-id: reconciliation (ADR 0004), the ledger (ADR 0007); cook-legal: receipts (issue 16);
  // reserve-checkout, release-reservation, change-held-slot: the food and slots reserved while paying
  // (docs/checkout.md); pickup-addresses: the place on the receipt (issue 17)
  payments: [
    'rpc.cart.checkout',
    'rpc.ordering.orders-by-id',
    'rpc.identity.cook-legal',
    'rpc.catalogue.reserve-checkout',
    'rpc.catalogue.release-reservation',
    'rpc.catalogue.change-held-slot',
    'rpc.catalogue.pickup-addresses',
  ],
  notifications: ['rpc.identity.get-users'],
};

/**
 * JetStream as a client uses it: stream and consumer management, acknowledgements, flow control.
 * Not deleting or purging a stream, not deleting its messages.
 */
const JETSTREAM_CLIENT = [
  '$JS.API.INFO',
  '$JS.API.STREAM.NAMES',
  '$JS.API.STREAM.LIST',
  '$JS.API.STREAM.INFO.>',
  '$JS.API.STREAM.CREATE.>',
  '$JS.API.STREAM.UPDATE.>',
  '$JS.API.STREAM.MSG.GET.>',
  '$JS.API.DIRECT.GET.>',
  '$JS.API.CONSUMER.>',
  '$JS.ACK.>',
  '$JS.FC.>',
];

/**
 * A service answers its own RPCs only (`rpc.<service>.>`), publishes its own events only
 * (`evt.<service>.>`: only payments may announce a payment), calls only the RPCs it needs. The BFF
 * calls the user-facing RPCs and publishes no event. Observers (benchmarks) only read the streams.
 */
export function natsPermissions(user: NatsService | 'bff' | 'observer' | 'operator'): NatsPermissions {
  if (user === 'operator') {
    // `./popote dlq`: reads the dead letters, publishes them again on their subjects, removes them.
    return {
      publish: { allow: ['evt.>', ...JETSTREAM_CLIENT, '$JS.API.STREAM.MSG.DELETE.DEAD_LETTERS'] },
      subscribe: { allow: [inboxOf('operator')] },
      allow_responses: false,
    };
  }
  if (user === 'bff') {
    return {
      publish: { allow: ['rpc.>', ...JETSTREAM_CLIENT], deny: INTERNAL_RPCS },
      subscribe: { allow: [inboxOf('bff')] },
      allow_responses: false,
    };
  }
  if (user === 'observer') {
    return {
      publish: { allow: ['$JS.API.INFO', '$JS.API.STREAM.INFO.>', '$JS.API.CONSUMER.>', '$JS.ACK.>', '$JS.FC.>'] },
      subscribe: { allow: [inboxOf('observer')] },
      allow_responses: false,
    };
  }
  return {
    // $KV.popote_locks.>: the per-document write leases every service takes (ADR 0004).
    publish: { allow: [`evt.${user}.>`, 'dlq.>', '$KV.popote_locks.>', ...SERVICE_CALLS[user], ...JETSTREAM_CLIENT] },
    subscribe: { allow: [`rpc.${user}.>`, inboxOf(user)] },
    allow_responses: true,
  };
}

const password = () => randomBytes(24).toString('base64url');

/** Users for a local run: every service, the BFF, an observer, and optionally more (fresh passwords). */
export function localNatsUsers(extra: NatsUser[] = []): NatsUser[] {
  return [
    ...[...NATS_SERVICES, 'bff' as const, 'observer' as const, 'operator' as const].map((user) => ({
      user,
      password: password(),
      permissions: natsPermissions(user),
    })),
    ...extra,
  ];
}

/** A user with every permission, for a test harness's own client (never in a launched product). */
export const superUser = (user = 'test'): NatsUser => ({ user, password: password() });

/** The process environment of one NATS user. */
export function natsUserEnv(users: NatsUser[], user: string): Record<string, string> {
  // A replica (`catalogue-2`) is the same NATS user as its service.
  const u = users.find((x) => x.user === user) ?? users.find((x) => x.permissions && new RegExp(`^${x.user}[-#]\\d+$`).test(user));
  return u ? { NATS_USER: u.user, NATS_PASSWORD: u.password } : {};
}

const q = (s: string) => JSON.stringify(s);
const list = (xs: string[]) => `[${xs.map(q).join(', ')}]`;

/** The `authorization` block of nats-server's configuration. */
export function renderNatsAuthorization(users: NatsUser[]): string {
  const lines = users.map((u) => {
    const p = u.permissions;
    const perms = p
      ? `, permissions: { publish: { allow: ${list(p.publish.allow)}${p.publish.deny?.length ? `, deny: ${list(p.publish.deny)}` : ''} }, subscribe: { allow: ${list(p.subscribe.allow)} }${p.allow_responses ? ', allow_responses: true' : ''} }`
      : '';
    return `    { user: ${q(u.user)}, password: ${q(u.password)}${perms} }`;
  });
  return `authorization {\n  users: [\n${lines.join('\n')}\n  ]\n}\n`;
}

/** Writes the configuration file (readable by its owner only) and returns its path. */
export function writeNatsAuthorization(dir: string, users: NatsUser[]): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nats-auth.conf');
  fs.writeFileSync(file, renderNatsAuthorization(users), { mode: 0o600 });
  return file;
}

/** NATS_OBSERVER_USER / NATS_OBSERVER_PASSWORD: what tools reading the event stream connect as. */
export function observerEnv(users: NatsUser[]): Record<string, string> {
  const env = natsUserEnv(users, 'observer');
  return env.NATS_USER ? { NATS_OBSERVER_USER: env.NATS_USER, NATS_OBSERVER_PASSWORD: env.NATS_PASSWORD! } : {};
}
