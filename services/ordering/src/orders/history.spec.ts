import { ORDER_MESSAGES, UNATTENDED_AFTER_MS, type OrderStatus } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { cancelOrder } from './cancellation';
import { closeUnattended } from './closing';
import { ORDER_HISTORY_MAX, recordStep } from './history';
import type { OrderStep } from './order.schema';
import { testOrder } from './test-order';

const order = (order_status: OrderStatus, history?: OrderStep[]) => testOrder(order_status, { history });
const AT = new Date('2026-11-21T10:00:00Z');

describe("an order's steps (the support console's story)", () => {
  it('appends a step, oldest first, keeping the latest ORDER_HISTORY_MAX (an order stored before steps starts empty)', () => {
    const o: { history?: OrderStep[] } = {};
    recordStep(o, { status: 'confirmed', at: AT });
    expect(o.history).toEqual([{ status: 'confirmed', at: AT }]);
    for (let i = 0; i < ORDER_HISTORY_MAX + 5; i++) recordStep(o, { status: 'slot_moved', at: new Date(AT.getTime() + i) });
    expect(o.history).toHaveLength(ORDER_HISTORY_MAX);
    expect(o.history!.at(-1)!.at).toEqual(new Date(AT.getTime() + ORDER_HISTORY_MAX + 4));
    expect(o.history!.some((s) => s.status === 'confirmed')).toBe(false);
  });

  it('a cancellation records who cancelled and when, with the change; a refused one records nothing', () => {
    const o = order('confirmed', [{ status: 'confirmed', at: AT }]);
    expect(cancelOrder(o, { by: 'cook', reason: 'Four en panne' }, undefined, AT)).toBeNull();
    expect(o.history).toEqual([
      { status: 'confirmed', at: AT },
      { status: 'cancelled', at: AT, by: 'cook' },
    ]);
    const late = order('confirmed');
    expect(cancelOrder(late, { by: 'consumer', reason: '' }, undefined, AT)).toBe('consumer_after_pending');
    expect(late.history).toBeUndefined();
  });

  it('the platform closing an order a week after its slot records its step: cancelled or picked up, by the platform', () => {
    const now = Date.parse('2026-11-20T12:00:00Z') + UNATTENDED_AFTER_MS;
    const never = order('pending');
    expect(closeUnattended(never, now)).toBe('cancelled');
    expect(never.cancel_reason).toBe(ORDER_MESSAGES.neverConfirmed);
    expect(never.history).toEqual([{ status: 'cancelled', at: new Date(now), by: 'platform' }]);
    const made = order('ready');
    expect(closeUnattended(made, now)).toBe('delivered');
    expect(made.history).toEqual([{ status: 'delivered', at: new Date(now), by: 'platform' }]);
  });
});
