import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, defineRpc, EVENT_PARTITIONS, filterOf, partitionOf, subjectOf } from './envelope';
import { OrderingEvents } from '../ordering/ordering';
import { CatalogueRpc } from '../catalogue/catalogue';

describe('contracts', () => {
  it('refuses subjects that break the naming convention', () => {
    expect(() => defineEvent('catalogue.meal-created', z.object({}))).toThrow(/bad event subject/);
    expect(() => defineRpc('rpc.catalogue.ListMeals', z.object({}), z.object({}))).toThrow(/bad rpc subject/);
  });
  it('applies the spec page size of 20 and caps it', () => {
    expect(CatalogueRpc.listMeals.request.parse({})).toEqual({ first: 20 });
    expect(() => CatalogueRpc.listMeals.request.parse({ first: 500 })).toThrow();
  });
});

describe('partitioned events', () => {
  it('put every event of one cook on one partition, and spread cooks over all partitions', () => {
    const placed = OrderingEvents.orderPlaced;
    const cancelled = OrderingEvents.orderCancelled;
    const base = { order_id: 'o', checkout_id: 'c', consumer_id: 'u', total_cents: 1, items: [] };
    const p = subjectOf(placed, { ...base, cook_id: 'cook-a' })
      .split('.')
      .pop();
    expect(subjectOf(cancelled, { ...base, cook_id: 'cook-a', reason: 'x', stock_committed: true })).toBe(
      `evt.ordering.order-cancelled.v1.${p}`,
    );
    const used = new Set(Array.from({ length: 400 }, (_, i) => partitionOf(`cook-${i}`)));
    expect(used.size).toBe(EVENT_PARTITIONS);
    expect(filterOf(placed)).toBe('evt.ordering.order-placed.v1.*');
    expect(filterOf(OrderingEvents.orderStatusChanged)).toBe('evt.ordering.order-status-changed.v1');
  });
  it('is stable (the partition of a key never changes between processes or releases)', () => {
    // FNV-1a 32-bit reference values: '' → 0x811c9dc5, 'a' → 0xe40c292c, 'foobar' → 0xbf9cf968.
    expect([partitionOf(''), partitionOf('a'), partitionOf('foobar')]).toEqual(
      [0x811c9dc5, 0xe40c292c, 0xbf9cf968].map((h) => h % EVENT_PARTITIONS),
    );
  });
});
