import {
  ACCOUNT_RPCS,
  ERASURE_BLOCKING_SERVICES,
  erasureBlockersRpc,
  CartRpc,
  CatalogueRpc,
  IdentityRpc,
  NotificationsRpc,
  OrderingRpc,
  PaymentsRpc,
  PickupRpc,
  EVENT_PARTITIONS as CONTRACT_PARTITIONS,
  STREAMS,
} from '@popote/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALL_DURABLES,
  DEAD_LETTERS_STREAM,
  durablesOf,
  EVENT_PARTITIONS,
  EVENTS_STREAM,
  INTERNAL_RPCS,
  localNatsUsers,
  NATS_SERVICES,
  NATS_USER_NAMES,
  natsPermissions,
  parseAuthorization,
  renderNatsAuthorization,
  SERVICE_CALLS,
} from './nats-auth';

const repo = join(__dirname, '..', '..', '..');

/** Every .ts file of a folder (tests aside). */
const sources = (dir: string): string[] =>
  readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => readFileSync(join(repo, dir, f), 'utf8'));

/** The durable consumers the code of a service creates (consumer.ts: `<service>-<handler>`, partitions `-p<k>`). */
function durablesInCode(service: string): string[] {
  const found: string[] = [];
  for (const text of sources(`services/${service}/src`)) {
    for (const m of text.matchAll(/@EventHandler\(([^)]*(?:\([^)]*\))?[^)]*)\)\s*(?:@\w+\([^)]*\)\s*)*export class (\w+)/g)) {
      const named = /name:\s*'([^']+)'/.exec(m[1]!);
      found.push(`${service}-${named ? named[1] : m[2]!.replace(/Handler$/, '')}`);
    }
    for (const m of text.matchAll(/@PartitionedHandler\([\s\S]*?name:\s*'([^']+)'/g))
      for (let p = 0; p < CONTRACT_PARTITIONS; p++) found.push(`${service}-${m[1]}-p${p}`);
  }
  return found.sort();
}

const ALL_RPCS = [
  ...[IdentityRpc, CatalogueRpc, CartRpc, OrderingRpc, PaymentsRpc, NotificationsRpc, PickupRpc].flatMap((c) =>
    Object.values(c).map((r) => r.subject),
  ),
  ...ACCOUNT_RPCS.map((r) => r.subject),
];

describe('NATS permissions', () => {
  it('lets each service answer and announce only its own subjects', () => {
    for (const service of NATS_SERVICES) {
      const p = natsPermissions(service);
      expect(p.subscribe.allow).toEqual([`rpc.${service}.>`, `_INBOX_${service}.>`]);
      expect(p.publish.allow.filter((s) => s.startsWith('evt.'))).toEqual([`evt.${service}.>`]);
    }
    expect(natsPermissions('bff').publish.allow.some((s) => s.startsWith('evt.'))).toBe(false);
  });

  it('names the streams, partitions and the durable consumers of every handler in the code', () => {
    expect([EVENTS_STREAM, DEAD_LETTERS_STREAM]).toEqual([STREAMS.events.name, STREAMS.deadLetters.name]);
    expect(EVENT_PARTITIONS).toBe(CONTRACT_PARTITIONS);
    for (const service of NATS_SERVICES) expect(durablesOf(service).sort(), service).toEqual(durablesInCode(service));
    const bffDurables = sources('bff/src').flatMap((t) => [...t.matchAll(/const DURABLE = '([^']+)'/g)].map((m) => m[1]!));
    expect(durablesOf('bff').sort()).toEqual(bffDurables.sort());
    expect(new Set(ALL_DURABLES).size).toBe(ALL_DURABLES.length);
  });

  it('scopes JetStream: no wildcard over the API, no delete or purge, only the shared streams and each one’s own durables', () => {
    for (const user of NATS_USER_NAMES) {
      const { allow, deny = [] } = natsPermissions(user).publish;
      const js = allow.filter((s) => s.startsWith('$JS.') || s.startsWith('$KV.'));
      // No `$JS.API.>`, `$JS.API.CONSUMER.>`, `$JS.API.STREAM.CREATE.>`…: a wildcard only for a consumer name or a key.
      expect(
        js.filter((s) => /^\$JS\.API\.(STREAM|CONSUMER)(\.[A-Z]+)*\.>$|^\$JS\.API\.>$|^\$JS\.>$/.test(s)),
        user,
      ).toEqual([]);
      expect(
        js.filter((s) => /\.(DELETE|PURGE)\b/.test(s) && !/CONSUMER\.DELETE\.EVENTS\.\*$|MSG\.DELETE\.DEAD_LETTERS$/.test(s)),
        user,
      ).toEqual([]);
      const streams = js.filter((s) => /STREAM\.(CREATE|UPDATE)\./.test(s)).map((s) => s.split('.').pop());
      expect(
        [...new Set(streams)].every((s) => ['EVENTS', 'DEAD_LETTERS', 'KV_popote_locks'].includes(s!)),
        user,
      ).toBe(true);
      expect(
        js.filter((s) => /STREAM\.UPDATE\.KV_/.test(s)),
        user,
      ).toEqual([]);
      // No wildcard in place of the API verb (`$JS.API.STREAM.*.EVENTS` would grant UPDATE).
      expect(
        js.filter((s) => /^\$JS\.(\*|API\.(\*|(STREAM|CONSUMER)\.(\*|>)))/.test(s)),
        user,
      ).toEqual([]);
      // Another process's durable: never created, pulled, acknowledged or dead-lettered; where a
      // wildcard covers consumer names (ordered consumers), each is denied by name.
      const own = user === 'observer' || user === 'operator' ? [] : durablesOf(user);
      for (const d of ALL_DURABLES.filter((x) => !own.includes(x))) {
        expect(
          allow.filter((s) => s.includes(`.${d}`) || s === `dlq.${d}`),
          `${user} / ${d}`,
        ).toEqual([]);
        if (allow.includes('$JS.API.CONSUMER.MSG.NEXT.EVENTS.*'))
          expect(deny, `${user} / ${d}`).toContain(`$JS.API.CONSUMER.MSG.NEXT.EVENTS.${d}`);
        if (allow.includes('$JS.API.CONSUMER.DELETE.EVENTS.*'))
          expect(deny, `${user} / ${d}`).toContain(`$JS.API.CONSUMER.DELETE.EVENTS.${d}`);
      }
    }
    // Updating a shared stream (what it captures) is the operator's alone: a service that could
    // add `rpc.identity.>` to EVENTS would read the sign-in requests through its own durable.
    // Services and the BFF only read the shared streams and create them if missing.
    expect(NATS_USER_NAMES.filter((u) => natsPermissions(u).publish.allow.some((s) => /STREAM\.UPDATE\./.test(s)))).toEqual(['operator']);
    expect(natsPermissions('operator').publish.allow.filter((s) => /STREAM\.(UPDATE|CREATE)\./.test(s))).toEqual([
      '$JS.API.STREAM.UPDATE.EVENTS',
      '$JS.API.STREAM.UPDATE.DEAD_LETTERS',
    ]);
    for (const user of [...NATS_SERVICES, 'bff' as const])
      expect(new Set(natsPermissions(user).publish.allow.filter((s) => /STREAM\.[A-Z]+\.(EVENTS|DEAD_LETTERS)$/.test(s))), user).toEqual(
        new Set([
          '$JS.API.STREAM.INFO.EVENTS',
          '$JS.API.STREAM.CREATE.EVENTS',
          '$JS.API.STREAM.INFO.DEAD_LETTERS',
          '$JS.API.STREAM.CREATE.DEAD_LETTERS',
        ]),
      );
    // Dead letters: each service only for its own durables.
    expect(natsPermissions('cart').publish.allow.filter((s) => s.startsWith('dlq.'))).toEqual(durablesOf('cart').map((d) => `dlq.${d}`));
    // The legacy ephemeral create (no name in the subject) only for the ordered consumers of the BFF and the observer.
    expect(NATS_USER_NAMES.filter((u) => natsPermissions(u).publish.allow.includes('$JS.API.CONSUMER.CREATE.EVENTS'))).toEqual([
      'bff',
      'observer',
    ]);
  });

  it('names only RPCs that exist, and lets each service call exactly those its code calls', () => {
    for (const subject of [...INTERNAL_RPCS, ...Object.values(SERVICE_CALLS).flat()]) expect(ALL_RPCS).toContain(subject);
    const root = join(repo, 'services');
    const sources: Record<string, string> = {
      cart: 'cart/src/carts/carts.service.ts',
      payments: 'payments/src/checkouts/checkouts.service.ts',
      notifications: 'notifications/src/events/order-placed.handler.ts',
      identity: 'identity/src/account/account.service.ts',
    };
    const byName = Object.fromEntries(
      [IdentityRpc, CatalogueRpc, CartRpc, OrderingRpc, PaymentsRpc, NotificationsRpc, PickupRpc].flatMap((c, i) =>
        Object.entries(c).map(([k, r]) => [
          `${['IdentityRpc', 'CatalogueRpc', 'CartRpc', 'OrderingRpc', 'PaymentsRpc', 'NotificationsRpc', 'PickupRpc'][i]}.${k}`,
          r.subject,
        ]),
      ),
    );
    for (const [service, file] of Object.entries(sources)) {
      const source = readFileSync(join(root, file), 'utf8');
      const called = [
        ...[...source.matchAll(/rpc\.call\((\w+Rpc\.\w+)/g)].map((m) => byName[m[1]!]),
        // The account contract's RPCs are made per service: erasureBlockersRpc(s) over ERASURE_BLOCKING_SERVICES.
        ...(source.includes('erasureBlockersRpc(s)') ? ERASURE_BLOCKING_SERVICES.map((s) => erasureBlockersRpc(s).subject) : []),
      ];
      for (const subject of called)
        expect(SERVICE_CALLS[service as keyof typeof SERVICE_CALLS], `${service} calls ${subject}`).toContain(subject);
    }
  });

  it('renders a nats-server authorization block with a fresh password per user, which reads back as the table', () => {
    const users = localNatsUsers();
    const conf = renderNatsAuthorization(users);
    expect(conf).toMatch(/^authorization: \{"users":\[/);
    expect(new Set(users.map((u) => u.password)).size).toBe(users.length);
    expect(localNatsUsers()[0]!.password).not.toBe(users[0]!.password);
    const back = parseAuthorization(conf);
    expect(back.map((u) => u.user)).toEqual([...NATS_USER_NAMES]);
    for (const u of back) {
      expect(u.password).toEqual({ literal: users.find((x) => x.user === u.user)!.password });
      expect(u.permissions).toEqual(natsPermissions(u.user as (typeof NATS_USER_NAMES)[number]));
    }
  });
});
