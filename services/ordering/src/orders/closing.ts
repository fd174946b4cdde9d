import { ORDER_MESSAGES, OrderingEvents, UNATTENDED_AFTER_MS, type OrderStatus } from '@popote/contracts';
import { recordEvent } from '@popote/platform';
import { cancelOrder, type CancellableOrder } from './cancellation';
import { recordStep } from './history';
import type { Order } from './order.schema';

/**
 * The rule for orders nobody closed (UNATTENDED_AFTER_MS after the end of their slot): pure, the
 * caller loads the order under its lock, applies this, then saves.
 * - pending (the cook never confirmed it): cancelled by the platform, with its reason; order-cancelled
 *   refunds the buyer and gives the portions back, as any cancellation;
 * - confirmed, preparing or ready (the cook made the food): closed as picked up (delivered), and the
 *   cook is paid, as when the buyer comes; order-status-changed says so to both.
 * Delivered, cancelled, without a slot, or not yet a week past its slot: left as it is (null).
 */
export function closeUnattended(
  order: CancellableOrder & Pick<Order, 'pickup_end'>,
  now: number,
): Extract<OrderStatus, 'cancelled' | 'delivered'> | null {
  if (!order.pickup_end || +new Date(order.pickup_end) + UNATTENDED_AFTER_MS > now) return null;
  const from = order.order_status;
  if (from === 'delivered' || from === 'cancelled') return null;
  if (from === 'pending')
    return cancelOrder(order, { by: 'platform', reason: ORDER_MESSAGES.neverConfirmed }, undefined, new Date(now)) ? null : 'cancelled';
  order.order_status = 'delivered';
  recordStep(order, { status: 'delivered', at: new Date(now), by: 'platform' });
  recordEvent(order, OrderingEvents.orderStatusChanged, {
    order_id: order._id,
    consumer_id: order.consumer_id,
    cook_id: order.cook_id,
    from,
    to: 'delivered',
    delivery_option: order.delivery_option === 'delivery' ? 'delivery' : 'pickup',
  });
  return 'delivered';
}
