import type { MealDto } from '@popote/contracts';
import { cardKey, mediaUrl } from '@popote/platform';
import type { Meal } from './meal.schema';

/** What a list reads of a meal: all but its outbox and search text. */
export const LISTED = { _outbox: 0, search_text: 0 } as const;

/** `portions` comes from the meal's stock document (ADR 0004). */
export function toMealDto(meal: Meal, portions: number): MealDto {
  return {
    meal_id: meal._id,
    cook_id: meal.cook_id,
    cook_name: meal.cook_name,
    name: meal.name,
    description: meal.description,
    price_cents: meal.price_cents,
    portions_available: portions,
    ingredients: meal.ingredients,
    allergens: meal.allergens,
    category: meal.category,
    preparation_time: meal.preparation_time,
    available_date: new Date(meal.available_date).toISOString(),
    image_url: meal.image_key ? mediaUrl(meal.image_key) : null,
    image_card_url: meal.image_key ? mediaUrl(cardKey(meal.image_key)) : null,
    cooking_details: meal.cooking_details,
    serving_suggestions: meal.serving_suggestions,
    dietary_info: meal.dietary_info,
    storage_instructions: meal.storage_instructions,
    rating_average: meal.rating_average,
    rating_count: meal.rating_count,
    created_at: new Date(meal.created_at).toISOString(),
    updated_at: new Date(meal.updated_at).toISOString(),
  };
}
