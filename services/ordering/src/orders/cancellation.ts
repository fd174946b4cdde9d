import { DomainError, ORDER_MESSAGES, ORDER_STATUS_LABELS, OrderingEvents, type OrderStatus } from '@popote/contracts';
import { recordEvent, type EventCause, type WithOutbox } from '@popote/platform';
import { recordStep } from './history';
import type { Order } from './order.schema';

/**
 * The one rule of an order's cancellation, whoever asks: whether the order can be cancelled, the
 * reason it then carries, and the two events that say so (order-status-changed, and order-cancelled,
 * which refunds the payment and gives the stock back). Pure: no database; the callers load the order
 * under its lock, apply this, then save (the step's time is theirs: now by default).
 */

/** Who cancels: the order's cook (a reason is required), its buyer, or the catalogue refusing its portions or slot. */
export type CancelRequest =
  | { by: 'cook'; reason: string }
  | { by: 'consumer'; reason: string }
  /** `reason`: the stock-rejected event's (`slot_full`, `insufficient_stock`, `meal_not_found`). */
  | { by: 'catalogue'; reason?: string }
  /** The platform closing an order its cook never confirmed (`closing.ts`). */
  | { by: 'platform'; reason: string };

/** Why a cancellation is refused. */
export type CancelRefusal =
  /** Cancelled or delivered already. */
  | 'closed'
  /** The buyer asks once the cook has confirmed it. */
  | 'consumer_after_pending'
  /** The cook gives no reason. */
  | 'reason_required';

export type CancelDecision = { from: OrderStatus } & ({ refusal: CancelRefusal } | { refusal: null; cancel_reason: string });

/** The reason an order carries when its buyer cancels without giving one. */
export const CONSUMER_CANCEL_REASON = 'Annulée par le client';

/**
 * The cook may cancel an order until it is delivered, saying why; the buyer only while it is
 * pending (an optional reason). The catalogue's refusal of the portions or the slot cancels any
 * order not cancelled yet, whatever its status: the portions were never the buyer's, so the payment
 * goes back, and the reason says which was missing.
 */
export function decideCancellation(order: { order_status: OrderStatus }, request: CancelRequest): CancelDecision {
  const from = order.order_status;
  if (request.by === 'catalogue')
    return from === 'cancelled'
      ? { from, refusal: 'closed' }
      : {
          from,
          refusal: null,
          cancel_reason: request.reason === 'slot_full' ? ORDER_MESSAGES.slotUnavailable : ORDER_MESSAGES.stockUnavailable,
        };
  if (from === 'cancelled' || from === 'delivered') return { from, refusal: 'closed' };
  if (request.by === 'platform') return { from, refusal: null, cancel_reason: request.reason };
  if (request.by === 'consumer' && from !== 'pending') return { from, refusal: 'consumer_after_pending' };
  const reason = request.reason.trim();
  if (request.by === 'cook' && !reason) return { from, refusal: 'reason_required' };
  return { from, refusal: null, cancel_reason: reason || CONSUMER_CANCEL_REASON };
}

/** What the rule reads and writes of an order (the document, or a copy of it in a test). */
export type CancellableOrder = Pick<
  Order,
  '_id' | 'checkout_id' | 'consumer_id' | 'cook_id' | 'total_cents' | 'order_status' | 'stock_status' | 'items' | 'cancel_reason'
> &
  Partial<Pick<Order, 'history' | 'delivery_option'>> &
  WithOutbox;

/**
 * Cancels `order` in memory if the rule allows it: its status and reason set, the step in its
 * history (who, `at`), both events recorded in its outbox (published once it is saved). Returns the
 * refusal, or null when it is cancelled.
 */
export function cancelOrder(order: CancellableOrder, request: CancelRequest, cause?: EventCause, at = new Date()): CancelRefusal | null {
  const decision = decideCancellation(order, request);
  if (decision.refusal) return decision.refusal;
  order.order_status = 'cancelled';
  order.cancel_reason = decision.cancel_reason;
  recordStep(order, { status: 'cancelled', at, by: request.by });
  const parties = { order_id: order._id, consumer_id: order.consumer_id, cook_id: order.cook_id };
  const mode = order.delivery_option === 'delivery' ? 'delivery' : 'pickup';
  recordEvent(order, OrderingEvents.orderStatusChanged, { ...parties, from: decision.from, to: 'cancelled', delivery_option: mode }, cause);
  recordEvent(
    order,
    OrderingEvents.orderCancelled,
    {
      ...parties,
      checkout_id: order.checkout_id,
      total_cents: order.total_cents,
      reason: decision.cancel_reason,
      items: order.items.map((i) => ({ meal_id: i.meal_id, name: i.name, quantity: i.quantity, price_cents: i.price_cents })),
    },
    cause,
  );
  return null;
}

/** A refused cancellation as the person asking receives it: its code, and its French chosen from the refusal. */
export function cancelRefused(refusal: CancelRefusal, from: OrderStatus): DomainError {
  switch (refusal) {
    case 'closed':
      return new DomainError('CONFLICT', ORDER_MESSAGES.illegal(ORDER_STATUS_LABELS[from]));
    case 'consumer_after_pending':
      return new DomainError('CONFLICT', ORDER_MESSAGES.consumerCancelPendingOnly);
    case 'reason_required':
      return new DomainError('VALIDATION_FAILED', ORDER_MESSAGES.reasonRequired, { reason: ORDER_MESSAGES.reasonRequired });
  }
}
