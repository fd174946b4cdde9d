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
   * The card's read model (ADR 0016): a mirror of the meal's stock document, for display
   * only — what can still be reserved: the stock's portions minus its live reservations, written
   * after each change to the stock (reservation, release, expiry, order, edit) from the stock as it
   * then is; `portions_v` (the stock's `v`) keeps an older value from overwriting a newer one and
   * `portions_seq` is the stock's `seq` (a cook's edit waits for it). The `stock` collection stays the
   * truth. Cards stored before the mirror were given it by a migration (202612071100).
   */
  @Prop({ type: Number }) portions?: number;
  @Prop({ type: Number }) portions_seq?: number;
  @Prop({ type: Number }) portions_v?: number;

  /**
   * The cook's public location (commune and its centre, from the pick-up settings), copied on each of
   * their meals: written at creation and whenever the cook's settings are saved. `null`: the cook
   * has none (cards stored before the copy were given it by a migration).
   */
  @Prop({ type: Object }) cook_location?: CookLocation | null;

  /** Soft delete keeps the document so its outbox can still announce the deletion. */
  @Prop({ type: Date, default: null })
  deleted_at!: Date | null;

  /**
   * The moderation decision that withdrew the dish (ADR 0042): withdrawn like a deletion (`deleted_at`),
   * given back only if that decision is reversed on appeal. Absent: withdrawn by its cook, or on sale.
   */
  @Prop({ type: String }) withdrawn_by_decision?: string | null;

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

/** One checkout's reservation of a meal's portions (docs/checkout.md); past `expires_at` it no longer counts. */
export interface StockHold {
  hold_id: string; // the reservation's id = the order id the checkout gives the cook
  quantity: number;
  expires_at: Date;
}

/**
 * The portions of one meal (ADR 0004) and the live reservations on them (docs/checkout.md). Every
 * writer holds the cook's lock (`cook:<cook_id>`): the reservation at checkout, and the stock worker
 * of the cook's partition (orders placed and cancelled, the cook's edits), so reads-then-writes never
 * race, on FerretDB as on MongoDB. `portions` counts what is not sold yet (committed orders are taken
 * off); what a buyer can still reserve is `portions` minus the live `holds`. `seq` is the stream
 * sequence of the last event applied (a redelivered event recognises its own write); `v` counts every
 * write, and each write is conditional on it (exact on MongoDB even if two writers ever overlapped).
 */
@Schema({ collection: 'stock', versionKey: false })
export class Stock {
  @Prop({ type: String, required: true }) _id!: string; // meal id
  @Prop({ required: true, index: true }) cook_id!: string;
  @Prop({ required: true, min: 0, index: true }) portions!: number;
  @Prop({ required: true, default: 0 }) seq!: number;
  @Prop({ type: String, required: true, default: 'create' }) op!: 'create' | 'take' | 'giveback' | 'restock' | 'adjust';
  @Prop({ type: [Object], default: [] }) holds!: StockHold[];
  @Prop({ required: true, default: 0 }) v!: number;
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
