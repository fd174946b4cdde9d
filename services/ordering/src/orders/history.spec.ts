import { ORDER_MESSAGES, UNATTENDED_AFTER_MS } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { cancelOrder, type CancellableOrder } from './cancellation';
import { closeUnattended } from './closing';
import { ORDER_HISTORY_MAX, recordStep } from './history';
import type { OrderStep } from './order.schema';

const order = (order_status: CancellableOrder['order_status'], history?: OrderStep[]) =>
  ({
    _id: 'o1',
    checkout_id: 'c1',
    consumer_id: 'buyer',
    cook_id: 'cook',
    total_cents: 2400,
    order_status,
    stock_status: 'pending',
    items: [{ order_item_id: 'o1-1', meal_id: 'm1', name: 'Tajine', quantity: 2, price_cents: 1200 }],
    cancel_reason: null,
    pickup_end: new Date('2026-11-20T12:00:00Z'),
    _outbox: [],
    _outbox_pending: false,
    ...(history ? { history } : {}),
  }) as CancellableOrder & { pickup_end: Date | null };
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
