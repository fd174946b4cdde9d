import {
  euros,
  formatPickupSlot,
  ORDER_NUMBER_LENGTH,
  storyOf,
  type OrderStatus,
  type RpcRequest,
  type StoryEntry,
  type SupportOrderDto,
  type SupportRpc,
} from '@popote/contracts';
import type { Order, OrderStep, Review } from '../orders/order.schema';
import { toOrderDto } from '../orders/orders.service';

/** What the console says of each status an order took (French, as shown). */
export const STEP_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'En attente de confirmation',
  confirmed: 'Confirmée par le cuisinier',
  preparing: 'En préparation',
  ready: 'Prête pour le retrait',
  delivered: 'Récupérée par l’acheteur',
  cancelled: 'Annulée',
};

/** Who cancelled, as the console says it. */
export const CANCELLED_BY_LABELS: Readonly<Record<NonNullable<OrderStep['by']>, string>> = {
  cook: 'Annulée par le cuisinier',
  consumer: 'Annulée par l’acheteur',
  catalogue: 'Annulée : portions ou créneau indisponibles au moment de valider',
  platform: 'Annulée par la plateforme',
};

/** The platform closing an order its cook confirmed, a week after its slot (closing.ts). */
export const CLOSED_AS_DELIVERED = 'Close comme récupérée par la plateforme (une semaine après le créneau)';
/** An order placed before its steps were kept: its status is known, not when it took it. */
export const UNTIMED_STATUS = 'Heure de la dernière modification : les étapes n’étaient pas encore enregistrées';

/** What one search asks of ordering: an order by id, orders by number, buyer or cook. */
export type OrderSearch = { by: 'id' | 'number' | 'consumer' | 'cook'; value: string };

/** The one criterion of a search (the contract lets exactly one through): a whole id is read by id, 8 characters by number. */
export function searchOf(req: RpcRequest<typeof SupportRpc.findOrders>): OrderSearch {
  if (req.order_number != null) return { by: req.order_number.length === ORDER_NUMBER_LENGTH ? 'number' : 'id', value: req.order_number };
  if (req.consumer_id != null) return { by: 'consumer', value: req.consumer_id };
  return { by: 'cook', value: req.cook_id! };
}

export const toSupportOrder = (o: Order): SupportOrderDto => ({ ...toOrderDto(o), trace_id: o.trace_id ?? null });

/** Newest first (then by id, so equal times keep one order), at most `max`: sorted here, on a bounded read. */
export function newestFirst<T extends Pick<Order, '_id' | 'created_at'>>(docs: T[], max: number): T[] {
  return [...docs]
    .sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0))
    .slice(0, max);
}

const iso = (d: Date | string) => new Date(d).toISOString();
const entry = storyOf('ordering');
const slotText = (slot: { start: Date | string; end: Date | string | null } | null | undefined) =>
  slot ? formatPickupSlot(iso(slot.start), iso(slot.end ?? slot.start)) : '?';

/**
 * What ordering tells of an order, oldest first: placed (its dishes and total) in its first slot,
 * each step it took (its status, who cancelled and why, the cook's moves of its slot), the pick-up
 * reminder, the review and its removal. From the order and its review (two point reads); an order
 * placed before its steps were kept tells its current status at its last change, and says so.
 */
export function orderingStory(order: Order, review: Pick<Review, 'rating' | 'comment' | 'created_at' | 'removed_at'> | null): StoryEntry[] {
  const steps = order.history ?? [];
  const out: StoryEntry[] = [];
  const dishes = order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ');
  out.push(entry(order.created_at, 'order.placed', 'Commande passée', `${dishes} · ${euros(order.total_cents)}`));
  // The slot chosen at checkout: the one the first move left, or the order's own if never moved.
  const firstMove = steps.find((s) => s.status === 'slot_moved');
  const chosen = firstMove ? firstMove.from : order.pickup_start ? { start: order.pickup_start, end: order.pickup_end } : null;
  if (chosen) out.push(entry(order.created_at, 'order.slot', 'Créneau de retrait choisi', slotText(chosen)));
  for (const step of steps) {
    if (step.status === 'slot_moved') {
      out.push(entry(step.at, 'order.slot_moved', 'Créneau déplacé par le cuisinier', `${slotText(step.from)} → ${slotText(step.to)}`));
    } else if (step.status === 'cancelled') {
      out.push(
        entry(step.at, 'order.cancelled', step.by ? CANCELLED_BY_LABELS[step.by] : STEP_LABELS.cancelled, order.cancel_reason ?? null),
      );
    } else if (step.status === 'delivered' && step.by === 'platform') {
      out.push(entry(step.at, 'order.delivered', CLOSED_AS_DELIVERED));
    } else {
      out.push(entry(step.at, `order.${step.status}`, STEP_LABELS[step.status]));
    }
  }
  if (order.order_status !== 'pending' && !steps.some((s) => s.status !== 'slot_moved')) {
    const reason = order.order_status === 'cancelled' && order.cancel_reason ? ` · ${order.cancel_reason}` : '';
    out.push(entry(order.updated_at, `order.${order.order_status}`, STEP_LABELS[order.order_status], `${UNTIMED_STATUS}${reason}`));
  }
  if (order.reminder_sent_at)
    out.push(entry(order.reminder_sent_at, 'order.reminder', 'Rappel de retrait déclenché (une heure avant le créneau)'));
  if (review) {
    out.push(entry(review.created_at, 'order.reviewed', `Avis laissé : ${review.rating}/5`, review.comment || null));
    if (review.removed_at) out.push(entry(review.removed_at, 'review.removed', 'Avis retiré par une décision de modération'));
  }
  // A stable sort: entries of one instant keep the order above (placed before its slot).
  return out.sort((a, b) => a.at.localeCompare(b.at));
}
