import type { Cache } from '@popote/graphql';
import type { CookMealCardFieldsFragment } from './meals.generated';

/** What the dashboard's cards show (MealCard of @popote/ui): fragment CookMealCardFields. */
export type CookMealCard = CookMealCardFieldsFragment;

/** What the edit form needs: its fields, the owner, the pictures. */
export type EditableMeal = CookMealCard;

/**
 * A new meal belongs in lists the cache cannot complete by itself (the meal list
 * of each filter, the featured meals, the cook's meals): forget them, so the
 * pages showing them ask the server again.
 */
export function forgetMealLists(cache: Cache): void {
  const lists = new Set(['meals', 'featuredMeals', 'cookMeals', 'cook']);
  for (const field of cache.inspectFields('Query')) {
    if (lists.has(field.fieldName)) cache.invalidate('Query', field.fieldName, field.arguments ?? undefined);
  }
}

/** A deleted meal leaves every cached list at once (lists holding it are read again). */
export function forgetMeal(cache: Cache, mealId: string): void {
  cache.invalidate({ __typename: 'Meal', meal_id: mealId });
}
