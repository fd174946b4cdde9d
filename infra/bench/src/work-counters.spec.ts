import { describe, expect, it } from 'vitest';
import { workPerOrder, type WorkSnapshot } from './work-counters';

const snap = (over: Partial<WorkSnapshot>): WorkSnapshot => ({ rpc: {}, lock_stream_messages: 0, deliveries: {}, store: {}, ...over });

describe('work per paid order', () => {
  it('divides what the servers counted between two snapshots by the orders, leases apart from store operations', () => {
    const before = snap({
      rpc: { 'rpc.cart.lines': 10 },
      lock_stream_messages: 100,
      deliveries: { 'ordering-PaymentSucceeded': 5 },
      store: { 'find cart.user_carts': 7, 'lease cart.cart': 3, 'hello cart.': 4 },
    });
    const after = snap({
      rpc: { 'rpc.cart.lines': 14, 'rpc.catalogue.reserve-checkout': 4 },
      lock_stream_messages: 124,
      deliveries: { 'ordering-PaymentSucceeded': 9 },
      store: { 'find cart.user_carts': 15, 'lease cart.cart': 7, 'lease catalogue.cook': 8, 'hello cart.': 9 },
    });
    const w = workPerOrder(before, after, 4);
    expect(w.service_calls).toBe(2);
    expect(w.service_calls_by_subject).toEqual({ 'rpc.cart.lines': 1, 'rpc.catalogue.reserve-checkout': 1 });
    // A lease is a create and a delete in the bucket's stream: 24 messages, 12 leases, 3 an order.
    expect(w.kv_leases).toBe(3);
    expect(w.kv_leases_by_lock).toEqual({ 'catalogue.cook': 2, 'cart.cart': 1 });
    expect(w.event_deliveries).toBe(1);
    // Handshakes are no store work; leases are not store operations.
    expect(w.store_operations).toBe(2);
    expect(w.store_operations_by_collection).toEqual({ 'find cart.user_carts': 2 });
  });
});
