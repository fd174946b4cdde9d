import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ModelStore } from '@popote/platform';
import type { VatRegime } from '@popote/contracts';

/**
 * One receipt per order (`_id` = order id), numbered per cook from 1 without gaps: numbers are taken
 * by the sales worker of the cook's partition, one order at a time, in order (ADR 0007). The
 * commission invoice to the cook shares the number (`C-` instead of `R-`).
 */
@Schema({ collection: 'receipts', versionKey: false })
export class Receipt {
  @Prop({ type: String, required: true }) _id!: string; // order id
  @Prop({ required: true }) cook_id!: string;
  @Prop({ required: true, min: 1 }) number!: number;
  @Prop({ required: true, index: true }) consumer_id!: string;
  @Prop({ required: true }) checkout_id!: string;
  @Prop({ required: true }) cook_name!: string;
  @Prop({ type: [Object], required: true }) lines!: Array<{ name: string; quantity: number; unit_price_cents: number }>;
  @Prop({ required: true }) total_cents!: number;
  /** The delivery fee inside the total (ADR 0044): its own line, no commission on it; 0 for a pick-up. */
  @Prop({ type: Number, default: 0 }) delivery_fee_cents!: number;
  /** Picked up or delivered (a free delivery too); absent on receipts issued before: a pick-up. */
  @Prop({ type: String, default: 'pickup' }) delivery_option!: 'pickup' | 'delivery';
  /** The discount inside the total (ADR 0045), its name and funder; the platform's part paid to the cook. */
  @Prop({ type: Number, default: 0 }) discount_cents!: number;
  @Prop({ type: String, default: null }) discount_name!: string | null;
  @Prop({ type: String, default: null }) discount_funder!: 'cook' | 'platform' | null;
  @Prop({ type: Number, default: 0 }) platform_contribution_cents!: number;
  @Prop({ required: true }) commission_bp!: number;
  @Prop({ required: true }) commission_cents!: number;
  @Prop({ required: true }) cook_cents!: number;
  @Prop({ required: true }) issued_at!: Date;
  /** The pick-up slot the order was paid with; the receipt shows the order's current one. */
  @Prop({ type: Date, default: null }) pickup_start!: Date | null;
  @Prop({ type: Date, default: null }) pickup_end!: Date | null;
  /** The seller's legal mentions, taken from the cook profile when the receipt is first shown, then kept. */
  @Prop({ type: Object, default: null }) cook_legal!: { name: string; siret: string | null; vat_regime: VatRegime } | null;
}
export const ReceiptSchema = SchemaFactory.createForClass(Receipt);
ReceiptSchema.index({ cook_id: 1, number: 1 }, { unique: true });

/**
 * The last receipt number given to each cook: the next number is one point read, whatever the
 * number of receipts stored (no sort over the cook's receipts, which FerretDB would read whole).
 * Written after the receipt (never a gap in the numbering); a crash in between leaves it one behind,
 * which the unique (cook, number) index reveals and the next issue repairs.
 */
@Schema({ collection: 'receiptSeries', versionKey: false })
export class ReceiptSeries {
  @Prop({ type: String, required: true }) _id!: string; // cook id
  @Prop({ required: true, min: 0 }) last!: number;
}
export const ReceiptSeriesSchema = SchemaFactory.createForClass(ReceiptSeries);

/** The receipts and the cooks' numbering series (registered by ReceiptsModule). */
export class ReceiptsStore extends ModelStore({
  receipts: [Receipt, ReceiptSchema],
  receiptSeries: [ReceiptSeries, ReceiptSeriesSchema],
}) {}
