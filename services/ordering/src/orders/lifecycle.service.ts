import { Injectable } from '@nestjs/common';
import {
  DomainError,
  NEXT_STATUS,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  OrderingEvents,
  PICKUP_MESSAGES,
  PickupRpc,
  SUSPENDED_COOK_CANCEL_REASON,
  type Actor,
  type CookStatsDto,
  type OrderDto,
  type OrderStatus,
  type ReviewDto,
} from '@popote/contracts';
import { insertOnce, OutboxRelay, recordEvent, RpcClient, type EventCause } from '@popote/platform';
import type { HydratedDocument } from 'mongoose';
import { cancelOrder, cancelRefused } from './cancellation';
import { closeUnattended } from './closing';
import { recordStep } from './history';
import { Order, Review } from './order.schema';
import { toOrderDto } from './orders.service';
import { OrderingStore } from '../store';

const ACTIVE: OrderStatus[] = ['pending', 'confirmed', 'preparing'];
const MOVABLE: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready'];

const toReviewDto = (r: Review): ReviewDto => ({
  review_id: r._id,
  order_id: r._id,
  consumer_id: r.consumer_id,
  consumer_name: r.consumer_name ?? '',
  cook_id: r.cook_id,
  meal_ids: r.meal_ids,
  meal_names: r.meal_names,
  rating: r.rating,
  comment: r.comment ?? '',
  created_at: new Date(r.created_at).toISOString(),
});

/** First day of the current month, in Paris. */
function monthStart(now: Date): Date {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number);
  const guess = new Date(Date.UTC(y, m - 1, 1));
  // Paris is UTC+1 or +2: midnight there is 22:00 or 23:00 UTC the day before.
  const parisHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }).format(guess));
  return new Date(guess.getTime() - parisHour * 3600_000);
}

const parisDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/**
 * What happens to an order after it is placed, checked here whatever the caller claims:
 * the order's cook moves it forward (pending → confirmed → preparing → ready → delivered) or
 * cancels it before delivery; its consumer may cancel while it is pending, and review it once
 * delivered.
 */
@Injectable()
export class LifecycleService {
  constructor(
    private readonly store: OrderingStore,
    private readonly relay: OutboxRelay,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Refuses an order that does not exist or is not the actor's before its lock is taken: a lock is
   * a round trip to the cluster's lock bucket, and nobody else's order is waited for. Checked again
   * under the lock, on the document the change is made to.
   */
  private async mustBeParty(actor: Actor, orderId: string): Promise<void> {
    const order = await this.store.orders.findById(orderId, { cook_id: 1, consumer_id: 1 }).lean<Pick<Order, 'cook_id' | 'consumer_id'>>();
    if (!order) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound);
    if (order.cook_id !== actor.user_id && order.consumer_id !== actor.user_id) throw new DomainError('FORBIDDEN', ORDER_MESSAGES.notYours);
  }

  private async mutate(actor: Actor, orderId: string, change: (order: HydratedDocument<Order>) => void): Promise<OrderDto> {
    await this.mustBeParty(actor, orderId);
    const result = await this.relay.change(this.store.orders, orderId, async () => {
      const order = await this.store.orders.findById(orderId);
      if (!order) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound);
      if (order.cook_id !== actor.user_id && order.consumer_id !== actor.user_id)
        throw new DomainError('FORBIDDEN', ORDER_MESSAGES.notYours);
      change(order);
      await order.save();
      return toOrderDto(order.toObject(), actor.user_id);
    });
    return result;
  }

  private announce(order: HydratedDocument<Order>, from: OrderStatus, to: OrderStatus): void {
    recordEvent(order, OrderingEvents.orderStatusChanged, {
      order_id: order._id,
      consumer_id: order.consumer_id,
      cook_id: order.cook_id,
      from,
      to,
      delivery_option: order.delivery_option === 'delivery' ? 'delivery' : 'pickup',
    });
  }

  changeStatus(actor: Actor, orderId: string, to: OrderStatus): Promise<OrderDto> {
    if (to === 'cancelled') return this.cancel(actor, orderId, '');
    return this.mutate(actor, orderId, (order) => {
      if (order.cook_id !== actor.user_id) throw new DomainError('FORBIDDEN', ORDER_MESSAGES.notYours);
      const from = order.order_status;
      if (NEXT_STATUS[from] !== to)
        throw new DomainError('CONFLICT', ORDER_MESSAGES.illegal(ORDER_STATUS_LABELS[from]), undefined, { from, to });
      order.order_status = to;
      recordStep(order, { status: to, at: new Date() });
      this.announce(order, from, to);
    });
  }

  /**
   * The cook moves an open order to another of their slots: the catalogue's partition
   * worker takes the new place and frees the old one (or refuses: full), then the order follows and
   * the buyer is told (pickup-slot-moved). The reminder is due again for the new slot.
   */
  async moveSlot(actor: Actor, orderId: string, start: string): Promise<OrderDto> {
    const current = await this.store.orders.findById(orderId, { cook_id: 1, order_status: 1, pickup_start: 1 }).lean<Order>();
    if (!current) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound);
    if (current.cook_id !== actor.user_id) throw new DomainError('FORBIDDEN', ORDER_MESSAGES.notYours);
    if (!current.pickup_start || !MOVABLE.includes(current.order_status))
      throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.moveNotAllowed);
    const slot = await this.rpc.call(PickupRpc.movePickupSlot, { order_id: orderId, cook_id: actor.user_id, start }, { timeoutMs: 12_000 });
    return this.mutate(actor, orderId, (order) => {
      recordStep(order, {
        status: 'slot_moved',
        at: new Date(),
        from: order.pickup_start ? { start: order.pickup_start, end: order.pickup_end } : null,
        to: { start: new Date(slot.start), end: new Date(slot.end) },
      });
      order.pickup_start = new Date(slot.start);
      order.pickup_end = new Date(slot.end);
      order.reminder_sent_at = null;
      order.reminder_pending = true;
      recordEvent(order, OrderingEvents.pickupSlotMoved, {
        order_id: order._id,
        consumer_id: order.consumer_id,
        cook_id: order.cook_id,
        cook_name: order.cook_name,
        pickup_start: slot.start,
        pickup_end: slot.end,
        delivery_option: order.delivery_option === 'delivery' ? 'delivery' : 'pickup',
      });
    });
  }

  /** The order's cook or buyer cancels it (the rule: `decideCancellation`). */
  cancel(actor: Actor, orderId: string, reason: string): Promise<OrderDto> {
    return this.mutate(actor, orderId, (order) => {
      const refusal = cancelOrder(order, { by: order.cook_id === actor.user_id ? 'cook' : 'consumer', reason });
      if (refusal) throw cancelRefused(refusal, order.order_status);
    });
  }

  /**
   * Orders still open a week after their slot (`closing.ts`), closed one by one under their lock;
   * answers those it closed and how. Asked by payments' reconciliation, which settles the checkout
   * on its next look.
   */
  async closeUnattended(orderIds: string[], now = Date.now()): Promise<{ order_id: string; to: 'cancelled' | 'delivered' }[]> {
    const closed: { order_id: string; to: 'cancelled' | 'delivered' }[] = [];
    for (const orderId of new Set(orderIds)) {
      const to = await this.relay.change(this.store.orders, orderId, async () => {
        const order = await this.store.orders.findById(orderId);
        const outcome = order ? closeUnattended(order, now) : null;
        if (outcome) await order!.save();
        return outcome;
      });
      if (to) closed.push({ order_id: orderId, to });
    }
    return closed;
  }

  async review(actor: Actor, consumerName: string, orderId: string, rating: number, comment: string): Promise<ReviewDto> {
    // Looked up before the lock is taken (see mustBeParty), and again under it.
    const mine = await this.store.orders.findById(orderId, { consumer_id: 1 }).lean<Pick<Order, 'consumer_id'>>();
    if (mine?.consumer_id !== actor.user_id) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound);
    return this.relay.change(this.store.orders, orderId, async () => {
      const order = await this.store.orders.findById(orderId);
      if (!order || order.consumer_id !== actor.user_id) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.notFound);
      if (order.cook_id === actor.user_id) throw new DomainError('FORBIDDEN', ORDER_MESSAGES.ownReview);
      if (order.order_status !== 'delivered') throw new DomainError('CONFLICT', ORDER_MESSAGES.reviewDeliveredOnly);
      if (await this.store.reviews.exists({ _id: orderId })) throw new DomainError('CONFLICT', ORDER_MESSAGES.reviewOnce);
      const review = new this.store.reviews({
        _id: orderId,
        cook_id: order.cook_id,
        consumer_id: order.consumer_id,
        consumer_name: consumerName,
        meal_ids: order.items.map((i) => i.meal_id),
        meal_names: order.items.map((i) => i.name),
        rating,
        comment,
      });
      recordEvent(review, OrderingEvents.reviewSubmitted, {
        review_id: orderId,
        order_id: orderId,
        consumer_id: order.consumer_id,
        cook_id: order.cook_id,
        meal_ids: review.meal_ids,
        rating,
      });
      if (!(await insertOnce(() => this.relay.save(this.store.reviews, review))))
        throw new DomainError('CONFLICT', ORDER_MESSAGES.reviewOnce);
      await this.store.orders.updateOne({ _id: orderId }, { $set: { review_rating: rating } });
      return toReviewDto(review.toObject());
    });
  }

  /** A moderation decision takes a review down (ADR 0042): off the page, out of the averages (review-removed), once. */
  async removeReview(reviewId: string, decisionId: string, cause: EventCause): Promise<boolean> {
    return this.relay.change(this.store.reviews, reviewId, async () => {
      const review = await this.store.reviews.findById(reviewId);
      if (!review || review.removed_at) return false;
      review.removed_at = new Date();
      review.removed_by_decision = decisionId;
      recordEvent(
        review,
        OrderingEvents.reviewRemoved,
        { review_id: review._id, cook_id: review.cook_id, meal_ids: review.meal_ids, rating: review.rating },
        cause,
      );
      await review.save(); // under relay.change: its event is published when the step ends
      return true;
    });
  }

  /** The removal reversed on appeal: the review is shown and counted again (a new review-submitted). */
  async restoreReview(reviewId: string, decisionId: string, cause: EventCause): Promise<boolean> {
    return this.relay.change(this.store.reviews, reviewId, async () => {
      const review = await this.store.reviews.findById(reviewId);
      if (!review || review.removed_by_decision !== decisionId) return false;
      review.removed_at = null;
      review.removed_by_decision = null;
      recordEvent(
        review,
        OrderingEvents.reviewSubmitted,
        {
          review_id: review._id,
          order_id: review._id,
          consumer_id: review.consumer_id,
          cook_id: review.cook_id,
          meal_ids: review.meal_ids,
          rating: review.rating,
        },
        cause,
      );
      await review.save(); // under relay.change: its event is published when the step ends
      return true;
    });
  }

  /**
   * A suspended cook's open orders are cancelled by the platform, each under its lock, once (a
   * cancelled order is not cancelled again): order-cancelled refunds the buyer (payments, once per
   * order) and gives the stock back.
   */
  async cancelForSuspension(cookId: string, cause: EventCause): Promise<number> {
    const orders = await this.store.orders.find({ cook_id: cookId }, { order_status: 1 }).lean<Pick<Order, '_id' | 'order_status'>[]>();
    let cancelled = 0;
    for (const { _id } of orders.filter((o) => o.order_status !== 'cancelled' && o.order_status !== 'delivered')) {
      const done = await this.relay.change(this.store.orders, _id, async () => {
        const order = await this.store.orders.findById(_id);
        if (!order || cancelOrder(order, { by: 'platform', reason: SUSPENDED_COOK_CANCEL_REASON }, cause)) return false;
        await order.save();
        return true;
      });
      if (done) cancelled++;
    }
    return cancelled;
  }

  async ofCook(actor: Actor): Promise<OrderDto[]> {
    const docs = await this.store.orders
      .find({ cook_id: actor.user_id }, { _outbox: 0 })
      .sort({ created_at: -1, _id: -1 })
      .limit(500)
      .lean<Order[]>();
    return docs.map((o) => toOrderDto(o, actor.user_id));
  }

  async reviewsOf(cookId: string): Promise<ReviewDto[]> {
    const docs = await this.store.reviews
      .find({ cook_id: cookId, removed_at: null }, { _outbox: 0 })
      .sort({ created_at: -1, _id: -1 })
      .limit(200)
      .lean<Review[]>();
    return docs.map(toReviewDto);
  }

  /** Dashboard figures, from the cook's own orders and reviews (no fixed 4.5). */
  async stats(actor: Actor, now = new Date()): Promise<CookStatsDto> {
    const orders = await this.store.orders.find({ cook_id: actor.user_id }, { _outbox: 0 }).lean<Order[]>();
    const reviews = await this.store.reviews.find({ cook_id: actor.user_id, removed_at: null }, { rating: 1 }).lean<Review[]>();
    const live = orders.filter((o) => o.order_status !== 'cancelled');
    const since = monthStart(now);
    const days: { day: string; cents: number }[] = [];
    for (let i = 29; i >= 0; i--) days.push({ day: parisDay(new Date(now.getTime() - i * 86_400_000)), cents: 0 });
    const dayIndex = new Map(days.map((d, i) => [d.day, i]));
    const sellers = new Map<string, { meal_id: string; name: string; quantity: number; revenue_cents: number }>();
    for (const o of live) {
      const i = dayIndex.get(parisDay(new Date(o.created_at)));
      if (i !== undefined) days[i].cents += o.total_cents;
      for (const item of o.items) {
        const s = sellers.get(item.meal_id) ?? { meal_id: item.meal_id, name: item.name, quantity: 0, revenue_cents: 0 };
        s.quantity += item.quantity;
        s.revenue_cents += item.quantity * item.price_cents;
        sellers.set(item.meal_id, s);
      }
    }
    const ratingSum = reviews.reduce((s, r) => s + r.rating, 0);
    return {
      monthly_earnings_cents: live.filter((o) => new Date(o.created_at) >= since).reduce((s, o) => s + o.total_cents, 0),
      pending_orders: orders.filter((o) => ACTIVE.includes(o.order_status)).length,
      total_customers: new Set(live.map((o) => o.consumer_id)).size,
      average_rating: reviews.length ? Math.round((ratingSum / reviews.length) * 10) / 10 : 0,
      total_reviews: reviews.length,
      earnings_by_day: days,
      best_sellers: [...sellers.values()].sort((a, b) => b.quantity - a.quantity || b.revenue_cents - a.revenue_cents).slice(0, 5),
    };
  }
}
