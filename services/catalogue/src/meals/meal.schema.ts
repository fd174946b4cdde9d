import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ALLERGENS, CATEGORIES, type Allergen, type Category, type CookLocation } from '@popote/contracts';
import { outboxPlugin, type OutboxEntry } from '@popote/platform';
import type { HydratedDocument } from 'mongoose';

/** A meal as stored. Money in integer cents; the cook's display name is a copy kept fresh by events. */
@Schema({ collection: 'meals', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } })
export class Meal {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true, index: true })
  cook_id!: string;

  @Prop({ required: true })
  cook_name!: string;

  @Prop({ required: true })
  name!: string;

  @Prop({ required: true })
  description!: string;

  @Prop({ required: true, min: 0 })
  price_cents!: number;

  @Prop({ type: [String], default: [] })
  ingredients!: string[];

  @Prop({ type: [String], enum: ALLERGENS, default: [] })
  allergens!: Allergen[];

  @Prop({ type: String, enum: CATEGORIES, required: true })
  category!: Category;

  @Prop({ required: true, min: 1 })
  preparation_time!: number;

  @Prop({ required: true })
  available_date!: Date;

  /** Object key in the media bucket (served by the BFF at /media/<key>). */
  @Prop({ type: String, default: null })
  image_key!: string | null;

  @Prop({ default: '' }) cooking_details!: string;
  @Prop({ default: '' }) serving_suggestions!: string;
  @Prop({ default: '' }) dietary_info!: string;
  @Prop({ default: '' }) storage_instructions!: string;

  @Prop({ default: 0 }) rating_average!: number;
  @Prop({ default: 0 }) rating_count!: number;

  /** Name, description and ingredients, lower-cased and without accents: what search matches. */
  @Prop({ default: '' })
  search_text!: string;

  /** Stream sequence of the last review applied to the rating (the per-cook worker applies in order). */
  @Prop({ default: 0 }) rating_seq!: number;

  /**
   * The card's read model (ADR 0005, read path): a mirror of the meal's stock document, for display
   * only — the stock worker writes it after each change it applies, from the stock as it then is,
   * and `portions_seq` (the stock's `seq`) keeps an older value from overwriting a newer one. The
   * `stock` collection stays the truth for taking portions. Absent on meals stored before the
   * mirror (then reads join the stock, and the boot reconciliation fills it).
   */
  @Prop({ type: Number }) portions?: number;
  @Prop({ type: Number }) portions_seq?: number;

  /**
   * The cook's public location (commune and its centre, from the pick-up settings), copied on each of
   * their meals: written at creation and whenever the cook's settings are saved. `null`: the cook
   * has none; absent (`undefined`): stored before the copy, reads look the settings up.
   */
  @Prop({ type: Object }) cook_location?: CookLocation | null;

  /** Soft delete keeps the document so its outbox can still announce the deletion. */
  @Prop({ type: Date, default: null })
  deleted_at!: Date | null;

  created_at!: Date;
  updated_at!: Date;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}

export type MealDocument = HydratedDocument<Meal>;
export const MealSchema = SchemaFactory.createForClass(Meal);
MealSchema.plugin(outboxPlugin);
// Newest-first listing with a stable tie-break (cursor pagination).
MealSchema.index({ created_at: -1, _id: -1 });
MealSchema.index({ category: 1 });
MealSchema.index({ price_cents: 1 });
MealSchema.index({ cook_id: 1, created_at: -1 });
// The home page's featured meals: most portions first (the mirror, read model).
MealSchema.index({ portions: -1, _id: 1 });

/**
 * The portions of one meal (ADR 0004). Its only writer is the stock worker of the cook's partition
 * (one event at a time per partition across all replicas), so reads-then-writes here never race,
 * on FerretDB as on MongoDB; `seq` is the stream sequence of the last event applied, which makes a
 * redelivered event recognisable without remembering order ids (the document stays small).
 */
@Schema({ collection: 'stock', versionKey: false })
export class Stock {
  @Prop({ type: String, required: true }) _id!: string; // meal id
  @Prop({ required: true, index: true }) cook_id!: string;
  @Prop({ required: true, min: 0, index: true }) portions!: number;
  @Prop({ required: true, default: 0 }) seq!: number;
  @Prop({ type: String, required: true, default: 'create' }) op!: 'create' | 'take' | 'giveback' | 'restock' | 'adjust';
}
export const StockSchema = SchemaFactory.createForClass(Stock);

/** The outcome of applying one order to the stock: written once, announces committed/rejected. */
@Schema({ collection: 'stockApplications', versionKey: false })
export class StockApplication {
  @Prop({ type: String, required: true }) _id!: string; // order id
  @Prop({ required: true }) checkout_id!: string;
  /** `void`: the order was cancelled before its stock was applied (a late order-placed takes nothing). */
  @Prop({ type: String, required: true }) result!: 'committed' | 'rejected' | 'void';
  @Prop({ type: String, default: null }) meal_id!: string | null;
  @Prop({ type: String, default: null }) reason!: 'meal_not_found' | 'insufficient_stock' | 'slot_full' | null;
  @Prop({ required: true }) applied_at!: Date;
  @Prop({ type: Date, default: null }) restocked_at!: Date | null;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const StockApplicationSchema = SchemaFactory.createForClass(StockApplication).plugin(outboxPlugin);
