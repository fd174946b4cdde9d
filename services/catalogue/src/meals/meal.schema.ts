import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ALLERGENS, CATEGORIES, type Allergen, type Category } from '@popote/contracts';
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

  @Prop({ required: true, min: 0 })
  portions_available!: number;

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

  /** Orders whose portions were taken from this meal (each order-placed applies once). */
  @Prop({ type: [String], default: [] })
  applied_orders!: string[];

  /** Cancelled orders whose portions came back (each cancellation restocks once). */
  @Prop({ type: [String], default: [] })
  restocked_orders!: string[];

  /** Reviews already counted in the rating (each review counts once). */
  @Prop({ type: [String], default: [] })
  rated_reviews!: string[];

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
MealSchema.index({ portions_available: -1 });

/** The outcome of applying one order to the stock: written once, announces committed/rejected. */
@Schema({ collection: 'stockApplications', versionKey: false })
export class StockApplication {
  @Prop({ type: String, required: true }) _id!: string; // order id
  @Prop({ required: true }) checkout_id!: string;
  @Prop({ required: true }) result!: 'committed' | 'rejected';
  @Prop({ type: String, default: null }) meal_id!: string | null;
  @Prop({ required: true }) applied_at!: Date;
  _outbox!: OutboxEntry[];
  _outbox_pending!: boolean;
}
export const StockApplicationSchema = SchemaFactory.createForClass(StockApplication).plugin(outboxPlugin);
