import type { OrderStatus } from '@popote/contracts';
import type { CancellableOrder } from './cancellation';
import type { OrderStep } from './order.schema';

/** Test code only: the slot's end of `testOrder` (2026-11-20 13:00 Paris). */
export const TEST_SLOT_END = Date.parse('2026-11-20T12:00:00Z');

/** Test code only: an order of two tajines (24 €) in memory, as the rules of cancellation and closing take it. */
export const testOrder = (
  order_status: OrderStatus,
  { pickup_end = new Date(TEST_SLOT_END), history }: { pickup_end?: Date | null; history?: OrderStep[] } = {},
) =>
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
    pickup_end,
    _outbox: [],
    _outbox_pending: false,
    ...(history ? { history } : {}),
  }) as CancellableOrder & { pickup_end: Date | null };
