import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Meal } from '@popote/graphql';

export type MealDetail = Omit<Meal, '__typename'>;

/** One meal with everything its page shows; null when it does not exist (or was deleted). */
export const MEAL_QUERY: TypedDocumentNode<{ meal: MealDetail | null }, { meal_id: string }> = gql`
  query Meal($meal_id: ID!) {
    meal(meal_id: $meal_id) {
      meal_id
      cook_id
      cook_name
      name
      description
      price_cents
      portions_available
      ingredients
      allergens
      category
      preparation_time
      available_date
      image_url
      image_card_url
      cooking_details
      serving_suggestions
      dietary_info
      storage_instructions
      rating_average
      rating_count
      created_at
      updated_at
    }
  }
`;
