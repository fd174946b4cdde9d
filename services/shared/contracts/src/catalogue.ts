import { z } from 'zod';
import { defineEvent, defineRpc } from './envelope';
import { ALLERGENS, CATEGORIES, LIMITS } from './enums';

export const mealSchema = z.object({
  meal_id: z.string(),
  cook_id: z.string(),
  cook_name: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int().nonnegative(),
  portions_available: z.number().int().nonnegative(),
  ingredients: z.array(z.string()),
  allergens: z.array(z.enum(ALLERGENS)),
  category: z.enum(CATEGORIES),
  preparation_time: z.number().int().positive(),
  available_date: z.string(),
  image_url: z.string().nullable(),
  cooking_details: z.string(),
  serving_suggestions: z.string(),
  dietary_info: z.string(),
  storage_instructions: z.string(),
  rating_average: z.number(),
  rating_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MealDto = z.infer<typeof mealSchema>;

export const listMealsRequest = z.object({
  first: z.number().int().min(1).max(LIMITS.maxMealPageSize).default(LIMITS.mealPageSize),
  after: z.string().nullish(),
});
export const mealPageSchema = z.object({
  items: z.array(mealSchema),
  next_cursor: z.string().nullable(),
});
export type MealPageDto = z.infer<typeof mealPageSchema>;

export const CatalogueRpc = {
  listMeals: defineRpc('rpc.catalogue.list-meals', listMealsRequest, mealPageSchema),
} as const;

const mealEventData = z.object({ meal_id: z.string(), cook_id: z.string() });
export const CatalogueEvents = {
  mealCreated: defineEvent('evt.catalogue.meal-created.v1', mealEventData.extend({ name: z.string() })),
  mealUpdated: defineEvent('evt.catalogue.meal-updated.v1', mealEventData),
  mealDeleted: defineEvent('evt.catalogue.meal-deleted.v1', mealEventData),
} as const;
