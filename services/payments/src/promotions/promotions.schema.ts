import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PromotionFunder, PromotionKind, PromotionState } from '@popote/contracts';
import { ModelStore } from '@popote/platform';

/**
 * A use held by a checkout not paid yet, or made by one that paid (ADR 0045). Kept on the promotion
 * itself, so that counting and adding are one conditional write (the promotion's version): a paid
 * one stays a day after its reservation's end (a payment event delivered again finds it), an unpaid
 * one counts until its reservation's end and the late-payment grace.
 */
export interface PromotionHold {
  checkout_id: string;
  consumer_id: string;
  until: Date;
  paid: boolean;
}

/** A cook's promotion on their dishes (the platform's first-order offer is configuration, not a record). */
@Schema({ collection: 'promotions', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Promotion {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) funder!: PromotionFunder;
  @Prop({ type: String, default: null }) cook_id!: string | null;
  @Prop({ type: String, required: true }) name!: string;
  /** As typed by buyers, in capitals; null: automatic. */
  @Prop({ type: String, default: null }) code!: string | null;
  /** Automatic and not stopped: what a checkout reads for each cook (`{cook_id, auto}`, an equality). */
  @Prop({ type: Boolean, default: false }) auto!: boolean;
  @Prop({ type: String, required: true }) kind!: PromotionKind;
  @Prop({ type: Number, required: true }) value!: number;
  @Prop({ type: [String], default: [] }) meal_ids!: string[];
  @Prop({ type: Number, default: 0 }) min_basket_cents!: number;
  @Prop({ type: Date, required: true }) starts_at!: Date;
  @Prop({ type: Date, required: true }) ends_at!: Date;
  @Prop({ type: Number, default: null }) max_uses!: number | null;
  @Prop({ type: Number, default: 1 }) max_uses_per_buyer!: number;
  @Prop({ type: String, default: 'active' }) state!: PromotionState;
  /** Paid uses, net of those a full refund gave back; the discount and the dishes' sales they made. */
  @Prop({ type: Number, default: 0 }) used!: number;
  @Prop({ type: Number, default: 0 }) discount_given_cents!: number;
  @Prop({ type: Number, default: 0 }) sales_cents!: number;
  @Prop({ type: [Object], default: [] }) holds!: PromotionHold[];
  /** Every write of uses is conditional on it (exact on MongoDB as on FerretDB, under the lease or not). */
  @Prop({ type: Number, default: 0 }) version!: number;
  created_at!: Date;
  updated_at!: Date;
}
export const PromotionSchema = SchemaFactory.createForClass(Promotion);
// A code typed at checkout, and the cook's automatic ones (equalities FerretDB pushes down).
PromotionSchema.index({ cook_id: 1, code: 1 });
PromotionSchema.index({ cook_id: 1, auto: 1 });

/**
 * A paid use, by whom (uses per buyer): `<promotion>|<checkout>`, so a payment event delivered twice
 * records it once. `returned` once a full refund gave it back.
 */
@Schema({ collection: 'promotionUses', versionKey: false })
export class PromotionUse {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) promotion_id!: string;
  @Prop({ type: String, required: true }) consumer_id!: string;
  @Prop({ type: String, required: true }) checkout_id!: string;
  @Prop({ type: String, required: true }) cook_id!: string;
  @Prop({ type: Number, required: true }) discount_cents!: number;
  @Prop({ type: Number, required: true }) sales_cents!: number;
  @Prop({ type: String, default: 'used' }) state!: 'used' | 'returned';
  @Prop({ type: Date, required: true }) at!: Date;
}
export const PromotionUseSchema = SchemaFactory.createForClass(PromotionUse);
PromotionUseSchema.index({ promotion_id: 1, consumer_id: 1 });
PromotionUseSchema.index({ consumer_id: 1 });

export class PromotionsStore extends ModelStore({
  promotions: [Promotion, PromotionSchema],
  promotionUses: [PromotionUse, PromotionUseSchema],
}) {}
