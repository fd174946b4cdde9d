import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index';
import {
  durablesOwnedBy,
  EVENT_CONTRACTS,
  eventsPublishedBy,
  expandDurable,
  ownerOf,
  RPC_CONTRACTS,
  rpcsAnsweredBy,
  rpcsCalledBy,
} from './callers';
import { defineEvent, defineRpc, SERVICE_NAMES, type EventContract, type RpcContract } from './envelope';

const CALLERS: readonly string[] = [...SERVICE_NAMES, 'bff'];

/** What the NATS permission table could not be generated from: a contract without its declarations. */
function declarationProblems(rpcs: readonly RpcContract<any, any, any>[], events: readonly EventContract<any>[]): string[] {
  const problems: string[] = [];
  for (const r of rpcs) {
    if (!r.callers?.length) problems.push(`${r.subject}: no callers declared`);
    for (const c of r.callers ?? []) {
      if (!CALLERS.includes(c)) problems.push(`${r.subject}: unknown caller ${c}`);
      if (c === ownerOf(r)) problems.push(`${r.subject}: ${c} calls itself`);
    }
    if (!(SERVICE_NAMES as readonly string[]).includes(ownerOf(r))) problems.push(`${r.subject}: no service answers it`);
  }
  for (const e of events) {
    if (!e.consumers) problems.push(`${e.subject}: no consumers declared (an empty list if none)`);
    if (!(SERVICE_NAMES as readonly string[]).includes(ownerOf(e))) problems.push(`${e.subject}: no service publishes it`);
    for (const d of e.consumers ?? []) {
      if (!CALLERS.some((c) => d.startsWith(`${c}-`))) problems.push(`${e.subject}: ${d} names no process`);
      if (d.endsWith('-p*') && !e.partitionBy) problems.push(`${e.subject}: ${d} is per partition, the event is not partitioned`);
      if (!/^[a-z]+-[A-Za-z0-9_-]+(-p\*)?$/.test(d)) problems.push(`${e.subject}: ${d} is not a durable name`);
    }
  }
  return problems;
}

const isRpc = (v: unknown): v is RpcContract<any, any, any> =>
  !!v && typeof v === 'object' && typeof (v as { subject?: unknown }).subject === 'string' && 'request' in v && 'response' in v;
const isEvent = (v: unknown): v is EventContract<any> =>
  !!v && typeof v === 'object' && typeof (v as { subject?: unknown }).subject === 'string' && 'schema' in v;
/** The groups of contracts the package exports (`CatalogueRpc`, `OrderingEvents`…), whatever their name. */
const exported = (is: (v: unknown) => boolean) =>
  Object.values(contracts).flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v).filter(is) : []));

describe('callers and consumers declared on the contracts', () => {
  it('lists every exported RPC and event, once', () => {
    const rpcs = new Set(RPC_CONTRACTS);
    expect(exported(isRpc).filter((r) => !rpcs.has(r as RpcContract<any, any, any>))).toEqual([]);
    const events = new Set(EVENT_CONTRACTS);
    expect(exported(isEvent).filter((e) => !events.has(e as EventContract<any>))).toEqual([]);
    // The account contract's RPCs are made per service.
    expect(RPC_CONTRACTS.map((r) => r.subject)).toContain('rpc.payments.export-personal-data');
    expect(RPC_CONTRACTS.map((r) => r.subject)).toContain('rpc.ordering.erasure-blockers');
    for (const list of [RPC_CONTRACTS, EVENT_CONTRACTS]) expect(new Set(list.map((c) => c.subject)).size).toBe(list.length);
  });

  it('has callers on every RPC and consumers on every event', () => {
    expect(declarationProblems(RPC_CONTRACTS, EVENT_CONTRACTS)).toEqual([]);
  });

  it('fails for a contract without callers, or with consumers that cannot be', () => {
    const undeclared = defineRpc('rpc.cart.forgotten', z.object({}), z.object({}));
    const self = defineRpc('rpc.cart.loop', z.object({}), z.object({}), { callers: ['cart'] });
    const orphan = defineRpc('rpc.nobody.thing', z.object({}), z.object({}), { callers: ['bff'] });
    const silent = defineEvent('evt.cart.thing-done.v1', z.object({}));
    const wrong = defineEvent('evt.cart.thing-made.v1', z.object({}), { consumers: ['ordering-Thing-p*', 'mailer-Thing'] });
    expect(declarationProblems([undeclared, self, orphan], [silent, wrong])).toEqual([
      'rpc.cart.forgotten: no callers declared',
      'rpc.cart.loop: cart calls itself',
      'rpc.nobody.thing: no service answers it',
      'evt.cart.thing-done.v1: no consumers declared (an empty list if none)',
      'evt.cart.thing-made.v1: ordering-Thing-p* is per partition, the event is not partitioned',
      'evt.cart.thing-made.v1: mailer-Thing names no process',
    ]);
  });

  it('derives who calls, answers, publishes and consumes what', () => {
    const subjects = (xs: { subject: string }[]) => xs.map((x) => x.subject);
    expect(subjects(rpcsCalledBy('bff'))).toContain(contracts.CatalogueRpc.listMeals.subject);
    expect(subjects(rpcsCalledBy('bff'))).not.toContain(contracts.IdentityRpc.getUsers.subject);
    // Closing unattended orders (a refund or a sale) is payments' reconciliation alone: no user's request reaches it.
    for (const caller of CALLERS.filter((c) => c !== 'payments'))
      expect(subjects(rpcsCalledBy(caller as Parameters<typeof rpcsCalledBy>[0])), caller).not.toContain(
        contracts.OrderingRpc.closeUnattended.subject,
      );
    expect(subjects(rpcsCalledBy('payments'))).toContain(contracts.OrderingRpc.closeUnattended.subject);
    expect(subjects(rpcsCalledBy('cart'))).toEqual([contracts.CatalogueRpc.getMeal.subject, contracts.CatalogueRpc.getMeals.subject]);
    expect(subjects(rpcsCalledBy('catalogue'))).toEqual([]);
    expect(subjects(rpcsAnsweredBy('catalogue'))).toContain(contracts.PickupRpc.reserveCheckout.subject);
    expect(subjects(rpcsAnsweredBy('catalogue')).every((s) => s.startsWith('rpc.catalogue.'))).toBe(true);
    expect(subjects(eventsPublishedBy('identity'))).toContain(contracts.AccountEvents.erasureRequested.subject);
    expect(expandDurable('catalogue-stock-p*')).toHaveLength(contracts.EVENT_PARTITIONS);
    expect(durablesOwnedBy('cart')).toEqual(['cart-AccountErasure', 'cart-MealDeleted', 'cart-OrderPlaced']);
    expect(durablesOwnedBy('payments')).toContain('payments-sales-p15');
    expect(durablesOwnedBy('bff')).toEqual(['bff-AccountErasure']);
  });
});
