import { ORDER_MESSAGES, OrderingEvents, UNATTENDED_AFTER_MS, type OrderStatus } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { closeUnattended } from './closing';
import { TEST_SLOT_END, testOrder } from './test-order';

const SLOT_END = TEST_SLOT_END;
const order = (order_status: OrderStatus, pickup_end: Date | null = new Date(SLOT_END)) => testOrder(order_status, { pickup_end });
const types = (o: ReturnType<typeof order>) => o._outbox.map((e) => e.subject.split('.').slice(0, 3).join('.'));

describe('orders nobody closed, a week after their slot', () => {
  const late = SLOT_END + UNATTENDED_AFTER_MS;

  it('leaves an order alone until a week after its slot ended, and a closed one or one without a slot always', () => {
    for (const status of ['pending', 'confirmed', 'ready'] as const) {
      const o = order(status);
      expect(closeUnattended(o, late - 1)).toBeNull();
      expect(o.order_status).toBe(status);
      expect(o._outbox).toHaveLength(0);
    }
    for (const status of ['delivered', 'cancelled'] as const) expect(closeUnattended(order(status), late + 86_400_000)).toBeNull();
    expect(closeUnattended(order('pending', null), late + 86_400_000)).toBeNull();
  });

  it('cancels and refunds an order its cook never confirmed, saying why', () => {
    const o = order('pending');
    expect(closeUnattended(o, late)).toBe('cancelled');
    expect(o.order_status).toBe('cancelled');
    expect(o.cancel_reason).toBe(ORDER_MESSAGES.neverConfirmed);
    // order-cancelled refunds the buyer and gives the portions back, as any cancellation.
    expect(types(o)).toEqual(
      [OrderingEvents.orderStatusChanged.subject, OrderingEvents.orderCancelled.subject].map((s) => s.split('.').slice(0, 3).join('.')),
    );
  });

  it('closes as picked up an order the cook confirmed, prepared or made ready: the cook is paid', () => {
    for (const status of ['confirmed', 'preparing', 'ready'] as const) {
      const o = order(status);
      expect(closeUnattended(o, late + 1)).toBe('delivered');
      expect(o.order_status).toBe('delivered');
      expect(o._outbox.map((e) => e.envelope.data)).toEqual([
        { order_id: 'o1', consumer_id: 'buyer', cook_id: 'cook', from: status, to: 'delivered', delivery_option: 'pickup' },
      ]);
    }
  });
});
