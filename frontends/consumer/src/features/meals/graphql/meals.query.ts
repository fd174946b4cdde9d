import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Meal } from '@popote/graphql';

/** Fields of a meal the list shows (the MealCard's needs). */
export type MealListItem = Pick<
  Meal,
  | 'meal_id'
  | 'cook_id'
  | 'cook_name'
  | 'name'
  | 'description'
  | 'price_cents'
  | 'portions_available'
  | 'category'
  | 'preparation_time'
  | 'image_url'
  | 'rating_average'
  | 'rating_count'
  | 'created_at'
>;

export interface MealsQueryData {
  meals: {
    items: MealListItem[];
    next_cursor: string | null;
  };
}

export interface MealsQueryVariables {
  first: number;
  after?: string | null;
}

/** Newest meals first, one page at a time (cursor pagination, see @popote/graphql cache policy). */
export const MEALS_QUERY: TypedDocumentNode<MealsQueryData, MealsQueryVariables> = gql`
  query Meals($first: Int!, $after: String) {
    meals(first: $first, after: $after) {
      items {
        meal_id
        cook_id
        cook_name
        name
        description
        price_cents
        portions_available
        category
        preparation_time
        image_url
        rating_average
        rating_count
        created_at
      }
      next_cursor
    }
  }
`;
