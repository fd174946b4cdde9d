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
} from '@popote/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERNAL_RPCS, localNatsUsers, NATS_SERVICES, natsPermissions, renderNatsAuthorization, SERVICE_CALLS } from './nats-auth';

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
      expect(p.publish.allow.filter((s) => s.startsWith('$JS.API.STREAM.DELETE') || s.startsWith('$JS.API.STREAM.PURGE'))).toEqual([]);
    }
    expect(natsPermissions('bff').publish.allow.some((s) => s.startsWith('evt.'))).toBe(false);
  });

  it('names only RPCs that exist, and lets each service call exactly those its code calls', () => {
    for (const subject of [...INTERNAL_RPCS, ...Object.values(SERVICE_CALLS).flat()]) expect(ALL_RPCS).toContain(subject);
    const root = join(__dirname, '..', '..', '..', 'services');
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

  it('renders a nats-server authorization block with a fresh password per user', () => {
    const users = localNatsUsers();
    const conf = renderNatsAuthorization(users);
    expect(conf).toMatch(/^authorization \{/);
    expect(conf).toContain('{ user: "payments", password: "');
    expect(conf).toContain('allow_responses: true');
    expect(new Set(users.map((u) => u.password)).size).toBe(users.length);
    expect(localNatsUsers()[0]!.password).not.toBe(users[0]!.password);
  });
});
