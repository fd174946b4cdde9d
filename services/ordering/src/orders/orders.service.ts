import { Injectable } from '@nestjs/common';
import {
  ORDER_NUMBER_LENGTH,
  OrderingEvents,
  type Actor,
  type CheckoutDiscount,
  type CheckoutLine,
  type DeliveryAddress,
  type Envelope,
  type HeldSlot,
  type OrderDto,
  type OrderStatus,
} from '@popote/contracts';
import { causedBy, findByIds, insertOnce, isDuplicateKey, orderIdOf, OutboxRelay, recordEvent, trace } from '@popote/platform';
import { purgeDayOf } from './address-retention';
import { cancelOrder } from './cancellation';
import { CheckoutOrders, Order } from './order.schema';
import { OrderingStore } from '../store';

/** The statuses in which the cook of a delivery sees where it goes: confirmed, until delivered (ADR 0044). */
const COOK_SEES_ADDRESS: readonly OrderStatus[] = ['confirmed', 'preparing', 'ready'];

/** The delivery address as `viewer` may read it: the buyer always, the cook once confirmed until delivered, nobody else. */
export const addressFor = (o: Pick<Order, 'delivery_address' | 'consumer_id' | 'cook_id' | 'order_status'>, viewer: string | null) =>
  !o.delivery_address || !viewer
    ? null
    : viewer === o.consumer_id || (viewer === o.cook_id && COOK_SEES_ADDRESS.includes(o.order_status))
      ? o.delivery_address
      : null;

/** An order as `viewer` (a party of it; null: neither, as in an export of orders received) may read it. */
export const toOrderDto = (o: Order, viewer: string | null = null): OrderDto => ({
  order_id: o._id,
  checkout_id: o.checkout_id,
  consumer_id: o.consumer_id,
  consumer_name: o.consumer_name ?? '',
  cook_id: o.cook_id,
  cook_name: o.cook_name,
  total_cents: o.total_cents,
  order_status: o.order_status,
  delivery_option: o.delivery_option === 'delivery' ? 'delivery' : 'pickup',
  delivery_fee_cents: o.delivery_fee_cents ?? 0,
  discount_cents: o.discount_cents ?? 0,
  discount_name: o.discount_name ?? null,
  discount_funder: o.discount_funder ?? null,
  delivery_address: addressFor(o, viewer),
  pickup_start: o.pickup_start ? new Date(o.pickup_start).toISOString() : null,
  pickup_end: o.pickup_end ? new Date(o.pickup_end).toISOString() : null,
  cancel_reason: o.cancel_reason ?? null,
  review_rating: o.review_rating ?? null,
  items: o.items.map((i) => ({
    order_item_id: i.order_item_id,
    meal_id: i.meal_id,
    name: i.name,
    quantity: i.quantity,
    price_cents: i.price_cents,
  })),
  created_at: new Date(o.created_at).toISOString(),
  updated_at: new Date(o.updated_at).toISOString(),
});

/** The number the buyer reads (`Commande n° …`, fr-orders.ts), stored on the order for an operator's search. */
export const orderNumberOf = (orderId: string): string => orderId.slice(-ORDER_NUMBER_LENGTH);

/**
 * The trace of the work under way (the payment event's delivery, which continues the checkout's
 * trace), or null without one (telemetry off: no span; an invalid context is all zeros).
 */
export function activeTraceId(): string | null {
  const id = trace.getActiveSpan()?.spanContext().traceId;
  return id && /^[0-9a-f]{32}$/.test(id) && !/^0+$/.test(id) ? id : null;
}

@Injectable()
export class OrdersService {
  constructor(
    private readonly store: OrderingStore,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * A paid checkout becomes one order per cook (pending, pick-up, prices as paid), each announced
   * by order-placed. Created once even when the payment event comes twice.
   */
  async placeFromCheckout(
    envelope: Envelope<{
      checkout_id: string;
      consumer_id: string;
      lines: CheckoutLine[];
      slots?: HeldSlot[];
      consumer_name?: string;
      delivery_address?: DeliveryAddress | null;
      discounts?: CheckoutDiscount[];
    }>,
  ): Promise<string[]> {
    const { checkout_id: checkoutId, consumer_id: consumerId, lines } = envelope.data;
    const slotOf = new Map((envelope.data.slots ?? []).map((s) => [s.cook_id, s]));
    const byCook = new Map<string, CheckoutLine[]>();
    for (const line of lines) byCook.set(line.cook_id, [...(byCook.get(line.cook_id) ?? []), line]);
    // Where the buyer's page finds them (written first, the same whichever delivery writes it).
    await this.store.checkoutOrders
      .updateOne(
        { _id: checkoutId },
        { $setOnInsert: { consumer_id: consumerId, order_ids: [...byCook.keys()].map((c) => orderIdOf(checkoutId, c)) } },
        { upsert: true },
      )
      .catch((err: unknown) => {
        if (!isDuplicateKey(err)) throw err; // written by a concurrent delivery: the same content
      });
    const ids: string[] = [];
    const traceId = activeTraceId();
    for (const [cookId, cookLines] of byCook) {
      const id = orderIdOf(checkoutId, cookId);
      ids.push(id);
      // No look-up first: a second delivery's insert meets the first's order (duplicate key) and stops there.
      const items = cookLines.map((l, i) => ({
        order_item_id: `${id}-${i + 1}`,
        meal_id: l.meal_id,
        name: l.name,
        quantity: l.quantity,
        price_cents: l.unit_price_cents,
      }));
      const slot = slotOf.get(cookId);
      // A delivery's fee is part of the order's total (refunded with it on cancellation, ADR 0044).
      const delivery = slot?.mode === 'delivery';
      const fee = delivery ? (slot.fee_cents ?? 0) : 0;
      // What the buyer paid: the dishes less this cook's part's discount (ADR 0045), plus the fee.
      const discounts = (envelope.data.discounts ?? []).filter((d) => d.cook_id === cookId);
      const discount = discounts.reduce((s, d) => s + d.cents, 0);
      const total = items.reduce((s, i) => s + i.price_cents * i.quantity, 0) - discount + fee;
      const order = new this.store.orders({
        pickup_start: slot ? new Date(slot.start) : null,
        pickup_end: slot ? new Date(slot.end) : null,
        reminder_pending: !!slot,
        _id: id,
        number: orderNumberOf(id),
        trace_id: traceId,
        checkout_id: checkoutId,
        consumer_id: consumerId,
        consumer_name: envelope.data.consumer_name ?? '',
        cook_id: cookId,
        cook_name: cookLines[0].cook_name,
        total_cents: total,
        order_status: 'pending',
        delivery_option: delivery ? 'delivery' : 'pickup',
        delivery_fee_cents: fee,
        discount_cents: discount,
        discount_name: discounts.map((d) => d.name).join(' + ') || null,
        discount_funder: discounts.length ? (discounts.some((d) => d.funder === 'cook') ? 'cook' : 'platform') : null,
        delivery_address: delivery ? (envelope.data.delivery_address ?? null) : null,
        address_purge_day: delivery && slot ? purgeDayOf(new Date(slot.end)) : null,
        items,
        cancel_reason: null,
        stock_status: 'pending',
      });
      recordEvent(
        order,
        OrderingEvents.orderPlaced,
        {
          order_id: id,
          checkout_id: checkoutId,
          consumer_id: consumerId,
          cook_id: cookId,
          total_cents: total,
          items: items.map((i) => ({ meal_id: i.meal_id, name: i.name, quantity: i.quantity, price_cents: i.price_cents })),
          pickup_start: slot?.start ?? null,
          pickup_end: slot?.end ?? null,
          cook_name: order.cook_name,
          delivery_option: delivery ? 'delivery' : 'pickup',
          delivery_fee_cents: fee,
        },
        causedBy(envelope),
      );
      // Created before (a redelivery) or concurrently: fine.
      await insertOnce(() => this.relay.save(this.store.orders, order));
    }
    return ids;
  }

  /** The catalogue could not take the portions: the order is cancelled (and so refunded). */
  async stockRejected(envelope: Envelope<{ order_id: string; reason?: string }>): Promise<void> {
    await this.relay.change(this.store.orders, envelope.data.order_id, async () => {
      const order = await this.store.orders.findById(envelope.data.order_id);
      if (!order || order.stock_status !== 'pending') return;
      order.stock_status = 'rejected';
      // Already cancelled by the buyer or the cook: it was announced (and refunded) then, so the rule leaves it.
      cancelOrder(order, { by: 'catalogue', reason: envelope.data.reason }, causedBy(envelope));
      await order.save();
    });
  }

  async ofConsumer(actor: Actor): Promise<OrderDto[]> {
    const docs = await this.store.orders
      .find({ consumer_id: actor.user_id }, { _outbox: 0 })
      .sort({ created_at: -1, _id: -1 })
      .limit(200)
      .lean<Order[]>();
    return docs.map((o) => toOrderDto(o, actor.user_id));
  }

  /** Internal: where the orders of a paid checkout stand (reconciliation in payments). */
  async byIds(ids: string[]) {
    const docs = await findByIds<Order>(this.store.orders, ids, {
      checkout_id: 1,
      cook_id: 1,
      order_status: 1,
      stock_status: 1,
      total_cents: 1,
      pickup_start: 1,
      pickup_end: 1,
    });
    return docs.map((o) => ({
      order_id: o._id,
      checkout_id: o.checkout_id,
      cook_id: o.cook_id,
      order_status: o.order_status,
      stock_status: o.stock_status,
      total_cents: o.total_cents,
      pickup_start: o.pickup_start ? new Date(o.pickup_start).toISOString() : null,
      pickup_end: o.pickup_end ? new Date(o.pickup_end).toISOString() : null,
    }));
  }

  /** The orders of one of the buyer's checkouts: point reads (checkouts paid before the index: one query). */
  async ofCheckout(actor: Actor, checkoutId: string): Promise<OrderDto[]> {
    const index = await this.store.checkoutOrders.findById(checkoutId).lean<CheckoutOrders>();
    const docs = index
      ? index.consumer_id === actor.user_id
        ? await findByIds<Order>(this.store.orders, index.order_ids, { _outbox: 0 })
        : []
      : await this.store.orders.find({ checkout_id: checkoutId, consumer_id: actor.user_id }, { _outbox: 0 }).lean<Order[]>();
    return docs.map((o) => toOrderDto(o, actor.user_id));
  }
}
