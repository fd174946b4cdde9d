import {
  ERASURE_BLOCKING_SERVICES,
  EVENT_CONTRACTS,
  EVENT_PARTITIONS as CONTRACT_PARTITIONS,
  expandDurable,
  filterOf,
  ownerOf,
  RPC_CONTRACTS,
  STREAMS,
  type Caller,
} from '@popote/contracts';
import * as contracts from '@popote/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALL_DURABLES,
  DEAD_LETTERS_STREAM,
  durablesOf,
  EVENT_PARTITIONS,
  EVENTS_STREAM,
  localNatsUsers,
  NATS_SERVICES,
  NATS_USER_NAMES,
  natsPermissions,
  parseAuthorization,
  renderNatsAuthorization,
  SERVICE_CALLS,
  type NatsUserName,
} from './nats-auth';

const repo = join(__dirname, '..', '..', '..');

/** Every .ts file of a folder (tests aside). */
const sources = (dir: string): string[] =>
  readdirSync(join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => readFileSync(join(repo, dir, f), 'utf8'));

/** A contract named in code (`OrderingEvents.orderPlaced`, `CatalogueRpc.getMeal`) → the contract. */
const named = (group: string, key: string) => (contracts as unknown as Record<string, Record<string, { subject: string }>>)[group]?.[key];

/**
 * The durable consumers the code of a service creates (consumer.ts: `<service>-<handler>`,
 * partitions `-p<k>`), each with the subjects of the events it consumes.
 */
function durablesInCode(service: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const events = (args: string) => [...args.matchAll(/(\w+Events)\.(\w+)/g)].map((m) => named(m[1]!, m[2]!)!.subject);
  for (const text of sources(`services/${service}/src`)) {
    for (const m of text.matchAll(/@EventHandler\(([^)]*(?:\([^)]*\))?[^)]*)\)\s*(?:@\w+\([^)]*\)\s*)*export class (\w+)/g)) {
      const name = /name:\s*'([^']+)'/.exec(m[1]!);
      found[`${service}-${name ? name[1] : m[2]!.replace(/Handler$/, '')}`] = events(m[1]!);
    }
    for (const m of text.matchAll(/@PartitionedHandler\(\s*\[([^\]]*)\][\s\S]*?name:\s*'([^']+)'/g))
      for (let p = 0; p < CONTRACT_PARTITIONS; p++) found[`${service}-${m[2]}-p${p}`] = events(m[1]!);
    // The account lifecycle's handler, from the platform (personal-data.module.ts): `<service>-AccountErasure`, plugged in by
    // PersonalDataModule.forService('<service>', …) or by the root module serviceModule(…, { service: '<service>', personalData }).
    if (
      new RegExp(`PersonalDataModule\\.forService\\(\\s*'${service}'|serviceModule\\(\\s*\\w+,\\s*\\{\\s*service:\\s*'${service}'`).test(
        text,
      )
    )
      found[`${service}-AccountErasure`] = [contracts.AccountEvents.erasureRequested.subject];
  }
  return found;
}

/** The durables the contracts declare, each with the events that name it among their consumers. */
const declaredConsumers = (): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const e of EVENT_CONTRACTS) for (const d of (e.consumers ?? []).flatMap(expandDurable)) (out[d] ??= []).push(e.subject);
  return out;
};

const sortedValues = (r: Record<string, string[]>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, [...v].sort()]));

/** NATS's subject matching: `*` one token, `>` one or more at the end. */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}
const mayPublish = (user: NatsUserName, subject: string) => {
  const { allow, deny = [] } = natsPermissions(user).publish;
  return allow.some((a) => matches(a, subject)) && !deny.some((d) => matches(d, subject));
};
const maySubscribe = (user: NatsUserName, subject: string) => natsPermissions(user).subscribe.allow.some((a) => matches(a, subject));

describe('NATS permissions', () => {
  it('lets each service answer and announce only its own subjects, those of its contracts', () => {
    for (const service of NATS_SERVICES) {
      const p = natsPermissions(service);
      const answered = RPC_CONTRACTS.filter((r) => ownerOf(r) === service).map((r) => r.subject);
      expect(answered.length, service).toBeGreaterThan(0);
      expect(p.subscribe.allow).toEqual([...answered, `_INBOX_${service}.>`]);
      expect(answered.every((s) => s.startsWith(`rpc.${service}.`))).toBe(true);
      const announced = p.publish.allow.filter((s) => s.startsWith('evt.'));
      expect(announced).toEqual(EVENT_CONTRACTS.filter((e) => ownerOf(e) === service).map(filterOf));
      expect(announced.every((s) => s.startsWith(`evt.${service}.`))).toBe(true);
    }
    expect(natsPermissions('bff').publish.allow.some((s) => s.startsWith('evt.'))).toBe(false);
  });

  it('names the streams, partitions and the durable consumers of every handler in the code, each on the events it consumes', () => {
    expect([EVENTS_STREAM, DEAD_LETTERS_STREAM]).toEqual([STREAMS.events.name, STREAMS.deadLetters.name]);
    expect(EVENT_PARTITIONS).toBe(CONTRACT_PARTITIONS);
    const declared = sortedValues(declaredConsumers());
    for (const service of NATS_SERVICES) {
      const inCode = sortedValues(durablesInCode(service));
      expect(durablesOf(service).sort(), service).toEqual(Object.keys(inCode).sort());
      for (const [durable, events] of Object.entries(inCode)) expect(declared[durable], durable).toEqual(events);
    }
    const bffDurables = sources('bff/src').flatMap((t) => [...t.matchAll(/const DURABLE = '([^']+)'/g)].map((m) => m[1]!));
    expect(durablesOf('bff').sort()).toEqual(bffDurables.sort());
    expect(declared['bff-AccountErasure']).toEqual(['evt.identity.account-erasure-requested.v1']);
    expect(new Set(ALL_DURABLES).size).toBe(ALL_DURABLES.length);
    expect(Object.keys(declared).sort()).toEqual([...ALL_DURABLES].sort());
  });

  it('the work queue: each process queues and works only the jobs declared as its own (the BFF its data export, notifications its sends)', () => {
    const own: Record<string, string[]> = {
      bff: ['bff-data-export'],
      notifications: ['notifications-send-email', 'notifications-send-push'],
    };
    for (const user of [...NATS_SERVICES, 'bff'] as const) {
      const allow = natsPermissions(user).publish.allow;
      const durables = own[user] ?? [];
      for (const durable of durables)
        expect(allow, user).toEqual(expect.arrayContaining([`$JS.API.CONSUMER.MSG.NEXT.JOBS.${durable}`, `$JS.ACK.JOBS.${durable}.>`]));
      if (durables.length) expect(allow, user).toContain('$JS.API.STREAM.CREATE.JOBS');
      // No other process's durable, no update of the stream, and nothing of JOBS for a process without jobs.
      expect(
        allow.filter((s) => s.includes('JOBS') && !s.endsWith('.JOBS') && !durables.some((d) => s.includes(`.JOBS.${d}`))),
        user,
      ).toEqual([]);
      expect(allow, user).not.toContain('$JS.API.STREAM.UPDATE.JOBS');
      if (!durables.length)
        expect(
          allow.filter((s) => s.includes('JOBS') || s.startsWith('job.')),
          user,
        ).toEqual([]);
    }
    expect(natsPermissions('bff').publish.allow).toContain('job.bff.data-export');
    expect(natsPermissions('notifications').publish.allow).toEqual(
      expect.arrayContaining(['job.notifications.send-email', 'job.notifications.send-push']),
    );
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
      // JOBS (the work queue) only for a process that has jobs declared on the contracts (the BFF's data export, notifications' sends).
      const queues = user === 'bff' || user === 'notifications' ? ['JOBS'] : [];
      expect(
        [...new Set(streams)].every((s) => ['EVENTS', 'DEAD_LETTERS', 'KV_popote_locks', ...queues].includes(s!)),
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
    // Replaying its own dead letters for the console: a letter and its original read by sequence,
    // the letter removed; no message of any other stream. The BFF, which asks, none of it.
    for (const user of NATS_SERVICES)
      expect(
        natsPermissions(user).publish.allow.filter((s) => /STREAM\.MSG\./.test(s)),
        user,
      ).toEqual(['$JS.API.STREAM.MSG.GET.DEAD_LETTERS', '$JS.API.STREAM.MSG.DELETE.DEAD_LETTERS', '$JS.API.STREAM.MSG.GET.EVENTS']);
    expect(natsPermissions('bff').publish.allow.filter((s) => /STREAM\.MSG\.|^dlq\./.test(s))).toEqual([]);
    expect(
      NATS_USER_NAMES.filter((u) => natsPermissions(u).publish.allow.some((s) => /STREAM\.MSG\.DELETE\.(?!DEAD_LETTERS$)/.test(s))),
    ).toEqual([]);
    // The legacy ephemeral create (no name in the subject) only for the ordered consumers of the BFF and the observer.
    expect(NATS_USER_NAMES.filter((u) => natsPermissions(u).publish.allow.includes('$JS.API.CONSUMER.CREATE.EVENTS'))).toEqual([
      'bff',
      'observer',
    ]);
  });

  it('lets each process call exactly the RPCs its code calls: the callers declared on the contracts', () => {
    const rpcBySubject = new Map(RPC_CONTRACTS.map((r) => [r.subject, r]));
    for (const process of [...NATS_SERVICES, 'bff' as const]) {
      const code = sources(process === 'bff' ? 'bff/src' : `services/${process}/src`).join('\n');
      // Another service's RPC named in the code is one it calls (its own are the ones it answers).
      const called = new Set(
        [...code.matchAll(/\b(\w+Rpc)\.(\w+)\b/g)]
          .map((m) => named(m[1]!, m[2]!)?.subject)
          .filter((s): s is string => !!s && s.split('.')[1] !== process),
      );
      // The account contract's RPCs, made per service: the BFF gathers every export, identity asks the blockers.
      if (code.includes('exportPersonalDataRpc(service)'))
        for (const r of RPC_CONTRACTS) if (r.subject.endsWith('.export-personal-data')) called.add(r.subject);
      if (code.includes('erasureBlockersRpc(s)')) for (const s of ERASURE_BLOCKING_SERVICES) called.add(`rpc.${s}.erasure-blockers`);
      // The dead letters' RPCs, made per service: the console's BFF asks every service.
      if (code.includes('deadLettersRpc(service)')) for (const s of NATS_SERVICES) called.add(`rpc.${s}.dead-letters`);
      if (code.includes('replayDeadLetterRpc(service)')) for (const s of NATS_SERVICES) called.add(`rpc.${s}.replay-dead-letter`);
      const declared = RPC_CONTRACTS.filter((r) => r.callers?.includes(process as Caller)).map((r) => r.subject);
      expect([...called].sort(), process).toEqual([...declared].sort());
      for (const subject of called) expect(rpcBySubject.has(subject), subject).toBe(true);
      if (process !== 'bff') expect(SERVICE_CALLS[process].sort(), process).toEqual([...declared].sort());
    }
  });

  it('derives each one’s requests, answers and events from the contracts', () => {
    // The BFF: the user-facing RPCs, none of the internal ones.
    expect(mayPublish('bff', contracts.CatalogueRpc.listMeals.subject)).toBe(true);
    expect(mayPublish('bff', 'rpc.payments.export-personal-data')).toBe(true);
    for (const internal of [contracts.IdentityRpc.getUsers, contracts.IdentityRpc.cookLegal, contracts.PickupRpc.reserveCheckout])
      expect(mayPublish('bff', internal.subject), internal.subject).toBe(false);
    expect(mayPublish('bff', 'rpc.identity.erasure-blockers')).toBe(false);
    expect(mayPublish('bff', 'rpc.catalogue.no-such-rpc')).toBe(false);
    // The cart: the catalogue's meals, nothing of payments (its RPCs or its events).
    expect(mayPublish('cart', contracts.CatalogueRpc.getMeals.subject)).toBe(true);
    for (const r of RPC_CONTRACTS.filter((x) => ownerOf(x) === 'payments')) expect(mayPublish('cart', r.subject), r.subject).toBe(false);
    expect(mayPublish('cart', contracts.PaymentsEvents.paymentSucceeded.subject)).toBe(false);
    // Payments asks the cart's lines, announces payments, on every partition of nothing but its own.
    expect(mayPublish('payments', contracts.CartRpc.lines.subject)).toBe(true);
    expect(mayPublish('payments', contracts.CartRpc.checkout.subject)).toBe(false);
    expect(mayPublish('payments', contracts.CartRpc.addItem.subject)).toBe(false);
    expect(mayPublish('payments', contracts.PaymentsEvents.paymentSucceeded.subject)).toBe(true);
    expect(mayPublish('payments', 'evt.payments.payment-invented.v1')).toBe(false);
    expect(mayPublish('ordering', `${contracts.OrderingEvents.orderPlaced.subject}.7`)).toBe(true);
    expect(mayPublish('catalogue', `${contracts.OrderingEvents.orderPlaced.subject}.7`)).toBe(false);
    // Only identity answers the sign-in (and reads its password).
    expect(NATS_USER_NAMES.filter((u) => maySubscribe(u, contracts.IdentityRpc.signIn.subject))).toEqual(['identity']);
    expect(maySubscribe('catalogue', contracts.PickupRpc.reserveCheckout.subject)).toBe(true);
    expect(maySubscribe('catalogue', 'rpc.catalogue.no-such-rpc')).toBe(false);
    // The console's dead letters: the BFF asks every service about its own, and writes the replays
    // to identity's audit log first; no service asks another's.
    for (const service of NATS_SERVICES) {
      for (const rpc of [contracts.deadLettersRpc(service), contracts.replayDeadLetterRpc(service)]) {
        expect(mayPublish('bff', rpc.subject), rpc.subject).toBe(true);
        expect(
          NATS_USER_NAMES.filter((u) => maySubscribe(u, rpc.subject)),
          rpc.subject,
        ).toEqual([service]);
        for (const other of NATS_SERVICES) expect(mayPublish(other, rpc.subject), `${other} → ${rpc.subject}`).toBe(false);
      }
    }
    expect(mayPublish('bff', contracts.OperatorRpc.recordAudit.subject)).toBe(true);
    expect(NATS_USER_NAMES.filter((u) => maySubscribe(u, contracts.OperatorRpc.recordAudit.subject))).toEqual(['identity']);
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
