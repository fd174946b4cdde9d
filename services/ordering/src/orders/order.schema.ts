import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ORDER_STATUSES, type DeliveryAddress, type FulfilmentMode, type OrderStatus } from '@popote/contracts';
import { outboxPlugin, type OutboxEntry } from '@popote/platform';

/**
 * One step of an order's life, written with the change it records (the same save): the status it
 * took and when, or the cook's move of its pick-up slot (`slot_moved`, from where to where). What the
 * support console tells of the order; orders placed before it was kept have none.
 */
export interface OrderStep {
  status: OrderStatus | 'slot_moved';
  at: Date;
  /** Who cancelled it, or the platform closing it a week after its slot. */
  by?: 'cook' | 'consumer' | 'catalogue' | 'platform';
  /** A moved slot: the one it left and the one it took. */
  from?: { start: Date; end: Date | null } | null;
  to?: { start: Date; end: Date };
}

export interface OrderItem {
  order_item_id: string;
  meal_id: string;
  name: string;
  quantity: number;
  price_cents: number;
}

/** One cook's part of a paid checkout. (checkout, cook) is unique: a repeated payment event creates nothing. */
@Schema({ collection: 'orders', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Order {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) checkout_id!: string;
  /** Indexed by `{consumer_id, created_at}` below (its prefix serves the equality: no index of its own). */
  @Prop({ required: true }) consumer_id!: string;
  /** Personal data: the buyer's name as at checkout, shown to the cook. */
  @Prop({ type: String, default: '' }) consumer_name!: string;
  @Prop({ required: true, index: true }) cook_id!: string;
  @Prop({ required: true }) cook_name!: string;
  /**
   * The number the buyer and the cook read (`Commande n° …`): the id's last 8 characters, what an
   * operator types to find the order (an indexed equality). Set at creation; the migration
   * `order-numbers` gave it to the orders placed before.
   */
  @Prop({ type: String, index: true }) number!: string;
  /** The OpenTelemetry trace the order was created in (the payment's): the console links to it. Null before it was kept. */
  @Prop({ type: String, default: null }) trace_id!: string | null;
  /** Its steps, oldest first (OrderStep), at most ORDER_HISTORY_MAX: appended by the save that makes the change. */
  @Prop({ type: [Object], default: [] }) history!: OrderStep[];
  @Prop({ required: true, min: 0 }) total_cents!: number;
  @Prop({ type: String, enum: ORDER_STATUSES, required: true }) order_status!: OrderStatus;
  /** Picked up or delivered by the cook (ADR 0044). */
  @Prop({ type: String, required: true, default: 'pickup' }) delivery_option!: FulfilmentMode;
  /** The delivery fee inside the total (no commission on it, ADR 0044). */
  @Prop({ type: Number, default: 0 }) delivery_fee_cents!: number;
  /** The discount taken off the dishes (ADR 0045), its promotion's name and funder: the total is net of it. */
  @Prop({ type: Number, default: 0 }) discount_cents!: number;
  @Prop({ type: String, default: null }) discount_name!: string | null;
  @Prop({ type: String, default: null }) discount_funder!: 'cook' | 'platform' | null;
  /** Personal data: where a delivery goes (ADR 0044); dropped after the retention the privacy page states. */
  @Prop({ type: Object, default: null }) delivery_address!: DeliveryAddress | null;
  /**
   * The Paris day the address is dropped (DELIVERY_ADDRESS_RETENTION_DAYS after the slot; null
   * without one): what the purge reads, by an indexed equality (ADR 0044).
   */
  @Prop({ type: String, default: null, index: true }) address_purge_day!: string | null;
  @Prop({ type: [Object], required: true }) items!: OrderItem[];
  /** The pick-up slot chosen at checkout (null on orders placed before slots existed). */
  @Prop({ type: Date, default: null }) pickup_start!: Date | null;
  @Prop({ type: Date, default: null }) pickup_end!: Date | null;
  /** Set once the buyer's reminder (an hour before the slot) is announced. */
  @Prop({ type: Date, default: null }) reminder_sent_at!: Date | null;
  /**
   * A reminder may still be due (a slot ahead, none sent): what the reminders sweep reads, by an
   * indexed equality — a date range would read every order ever stored (FerretDB filters it in Go).
   */
  @Prop({ type: Boolean, default: false, index: true }) reminder_pending!: boolean;
  @Prop({ type: String, default: null }) cancel_reason!: string | null;
  @Prop({ type: Number, default: null }) review_rating!: number | null;
  /**
   * `rejected` once the catalogue refused the portions or the place (stock-rejected: the order is
   * cancelled and refunded); `pending` otherwise — the catalogue commits the order's reservation and
   * keeps its own record of it (`stockApplications`), told to nobody (checkout v3, docs/checkout.md).
   */
  @Prop({ type: String, default: 'pending' }) stock_status!: 'pending' | 'rejected';
  created_at!: Date;
  updated_at!: Date;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const OrderSchema = SchemaFactory.createForClass(Order).plugin(outboxPlugin);

/**
 * The orders a paid checkout became (one per cook), by checkout id: 'your orders are here' after a
 * payment is one point read, whatever the number of orders stored (no scan of `orders`).
 */
@Schema({ collection: 'checkoutOrders', versionKey: false })
export class CheckoutOrders {
  @Prop({ type: String, required: true }) _id!: string; // checkout id
  @Prop({ required: true }) consumer_id!: string;
  @Prop({ type: [String], required: true }) order_ids!: string[];
}
export const CheckoutOrdersSchema = SchemaFactory.createForClass(CheckoutOrders);
OrderSchema.index({ checkout_id: 1, cook_id: 1 }, { unique: true });
OrderSchema.index({ consumer_id: 1, created_at: -1 });

/** One review per delivered order. */
@Schema({ collection: 'reviews', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: false } })
export class Review {
  @Prop({ type: String, required: true }) _id!: string; // = order id: once per order
  @Prop({ required: true, index: true }) cook_id!: string;
  @Prop({ required: true }) consumer_id!: string;
  @Prop({ default: '' }) consumer_name!: string;
  @Prop({ type: [String], required: true }) meal_ids!: string[];
  @Prop({ type: [String], required: true }) meal_names!: string[];
  @Prop({ required: true, min: 1, max: 5 }) rating!: number;
  @Prop({ default: '' }) comment!: string;
  /** Taken down by a moderation decision (ADR 0042): off the cook's page and out of the ratings until an appeal reverses it. */
  @Prop({ type: Date, default: null }) removed_at!: Date | null;
  @Prop({ type: String, default: null }) removed_by_decision!: string | null;
  created_at!: Date;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const ReviewSchema = SchemaFactory.createForClass(Review).plugin(outboxPlugin);
ReviewSchema.index({ cook_id: 1, created_at: -1 });
