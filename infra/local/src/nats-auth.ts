// NATS users for a local run and the integration tests: the permission table of
// nats-permissions.ts with fresh random passwords, rendered into the NATS server's configuration;
// each process gets its own NATS_USER / NATS_PASSWORD. Deployments render the same table
// (nats-deploy.ts: compose, Kubernetes).

import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderAuthorization } from './nats-deploy';
import { NATS_USER_NAMES, natsPermissions, type NatsPermissions } from './nats-permissions';

export * from './nats-permissions';
export * from './nats-deploy';

export interface NatsUser {
  user: string;
  password: string;
  /** None: every subject (the test harness's own client only). */
  permissions?: NatsPermissions;
}

const password = () => randomBytes(24).toString('base64url');

/** Users for a local run: every user of the table, and optionally more (fresh passwords). */
export function localNatsUsers(extra: NatsUser[] = []): NatsUser[] {
  return [
    ...NATS_USER_NAMES.map((user) => ({
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

/** The `authorization` block of nats-server's configuration, each password written in it. */
export function renderNatsAuthorization(users: NatsUser[]): string {
  return renderAuthorization(users.map((u) => ({ ...u, password: { literal: u.password } })));
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
