import type { MealCardData } from '../../graphql/meal-card.fragment';
import type { SponsoredMealData } from './use-sponsored-meal';

/** Test data (specs only): a meal card as the BFF answers it. */
export function mealCard(meal_id: string, name: string, portions_available = 4): MealCardData & { __typename: 'Meal' } {
  return {
    __typename: 'Meal',
    meal_id,
    cook_id: `cook-${meal_id}`,
    cook_name: 'Amina',
    name,
    description: 'Mijoté maison',
    price_cents: 1200,
    portions_available,
    category: 'mediterranean',
    preparation_time: 45,
    image_url: null,
    image_card_url: null,
    rating_average: 0,
    rating_count: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    cook_commune: null,
    distance_m: null,
    is_favourite: false,
  };
}

export const CAMPAIGN_ID = '6f1c2a9e-0b7d-4c1e-9a55-3d2f8e7b1c40';

/** `Query.sponsoredMeal` as the BFF answers it. */
export function sponsoredAnswer(portions_available = 4): SponsoredMealData & { __typename: 'SponsoredMeal' } {
  return {
    __typename: 'SponsoredMeal',
    campaign_id: CAMPAIGN_ID,
    advertiser_name: 'Chez Amina',
    meal: mealCard('meal-sponso', 'Couscous de Amina', portions_available),
  };
}
