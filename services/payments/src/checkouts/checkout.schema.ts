import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { CheckoutDiscount, CheckoutLine, DeliveryAddress, HeldSlot } from '@popote/contracts';
import { ModelStore, outboxPlugin, type OutboxEntry } from '@popote/platform';

/** What the consumer pays for, as computed here from the cart and the catalogue's current prices. */
@Schema({ collection: 'checkouts', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Checkout {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true, index: true }) consumer_id!: string;
  /** Personal data: the buyer's name, carried to the orders for the cooks. */
  @Prop({ type: String, default: '' }) consumer_name!: string;
  @Prop({ required: true }) status!: 'requires_payment_method' | 'processing' | 'succeeded';
  @Prop({ required: true, min: 0 }) amount_cents!: number;
  @Prop({ type: [Object], required: true }) lines!: CheckoutLine[];
  /** The pick-up slot reserved for each cook (ADR 0024, docs/checkout.md). */
  @Prop({ type: [Object], default: [] }) slots!: HeldSlot[];
  /** Where the delivery slots' orders go (ADR 0044), personal data erased with the buyer's account; null: none. */
  @Prop({ type: Object, default: null }) delivery_address!: DeliveryAddress | null;
  /** The discounts inside `amount_cents` (ADR 0045): a cook's promotion per part at most, and the platform's offer. */
  @Prop({ type: [Object], default: [] }) discounts!: CheckoutDiscount[];
  /** Until when the catalogue holds the portions and slots for this checkout; null once given back. */
  @Prop({ type: Date, default: null }) reserved_until!: Date | null;
  @Prop({ required: true }) provider!: 'sandbox' | 'stripe';
  /** Not indexed: no query looks a checkout up by its intent (the provider's events carry the checkout id). */
  @Prop({ type: String, default: null }) payment_intent_id!: string | null;
  @Prop({ type: String, default: null }) client_secret!: string | null;
  @Prop({ type: String, default: null }) last_error!: string | null;
  /** When a newer checkout of the buyer replaced this one (its intent cancelled; never reserved or paid again). */
  @Prop({ type: Date, default: null }) replaced_at!: Date | null;
  /** The provider's refund of a payment made after the reservation ended (no orders; never paid again). */
  @Prop({ type: String, default: null }) late_refund_id!: string | null;
  /**
   * The platform's commission rate (basis points) when the consumer paid: every order of this
   * checkout is split with it (ADR 0007). Null on checkouts made before commissions existed.
   */
  @Prop({ type: Number, default: null }) commission_bp!: number | null;
  /** Reconciliation (ADR 0004): set once every order of the paid checkout exists and is settled. */
  @Prop({ type: Date, default: null }) reconciled_at!: Date | null;
  /**
   * Paid and not reconciled yet: what the sweep reads, by an indexed equality (a `status` filter
   * would read every paid checkout ever, FerretDB filtering `reconciled_at` after).
   */
  @Prop({ type: Boolean, default: false }) reconcile_pending!: boolean;
  /** When the sweep looks at it next (set at payment, pushed back after each check). */
  @Prop({ type: Date, default: null }) reconcile_next_at!: Date | null;
  @Prop({ default: 0 }) reconcile_checks!: number;
  created_at!: Date;
  updated_at!: Date;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const CheckoutSchema = SchemaFactory.createForClass(Checkout).plugin(outboxPlugin);
CheckoutSchema.index({ status: 1, reconciled_at: 1 });
// The sweep's query (due ones); its first field also serves `reconcile_pending` alone.
CheckoutSchema.index({ reconcile_pending: 1, reconcile_next_at: 1 });

/**
 * The buyer's open checkout (one per buyer, docs/checkout.md): a new payment intent, or the renewal
 * of another checkout, gives its reservation back first. Found by the buyer's id in one point read,
 * whatever the number of checkouts; written only under the buyer's lock (BuyerReservations).
 */
@Schema({ collection: 'openCheckouts', versionKey: false })
export class OpenCheckout {
  @Prop({ type: String, required: true }) _id!: string; // consumer id
  @Prop({ required: true }) checkout_id!: string;
  /**
   * The cooks of that checkout's reservation, recorded before the catalogue is asked: what to give
   * back when the checkout itself was never written (the catalogue answered too late).
   */
  @Prop({ type: [String], default: [] }) cook_ids!: string[];
  /** When the buyer reserved food (new checkout or renewal) in the last 24 h: the cap per buyer (reservation-quota.ts). */
  @Prop({ type: [Date], default: [] }) reserved_at!: Date[];
}
export const OpenCheckoutSchema = SchemaFactory.createForClass(OpenCheckout);

/**
 * One refund per order, at most (cancelled, refunded by the cook after pick-up, or by support, whole
 * or part): recorded as `due` before the provider is asked (with an idempotency key derived from the
 * order), `made` once it answered — a crash in between leaves a due
 * refund that the retry or the reconciliation sweep completes, never a second refund.
 */
@Schema({ collection: 'refunds', versionKey: false })
export class Refund {
  @Prop({ type: String, required: true }) _id!: string; // order id
  @Prop({ required: true }) checkout_id!: string;
  @Prop({ required: true }) amount_cents!: number;
  @Prop({ type: String, default: 'due' }) status!: 'due' | 'made';
  /** Why: the order was cancelled, the cook refunded it after pick-up, or an operator did (support; whole or part). */
  @Prop({ type: String, default: 'cancelled' }) origin!: 'cancelled' | 'cook' | 'support';
  /** Support refunds: the operator, their reason (told to the buyer), and the console's request (a retried call is the same refund). */
  @Prop({ type: String, default: null }) operator_id!: string | null;
  @Prop({ type: String, default: null }) reason!: string | null;
  @Prop({ type: String, default: null }) request_id!: string | null;
  @Prop({ type: String, default: null }) provider_refund_id!: string | null;
  @Prop({ type: Date, default: null }) refunded_at!: Date | null;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const RefundSchema = SchemaFactory.createForClass(Refund).plugin(outboxPlugin);

/** The checkouts' collections (registered by CheckoutsModule, which exports them to the modules that read them). */
export class CheckoutsStore extends ModelStore({
  checkouts: [Checkout, CheckoutSchema],
  openCheckouts: [OpenCheckout, OpenCheckoutSchema],
  refunds: [Refund, RefundSchema],
}) {}
