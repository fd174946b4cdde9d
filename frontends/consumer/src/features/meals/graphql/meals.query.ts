import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MealFilterInput } from '@popote/graphql';
import { MEAL_CARD_FIELDS, type MealCardData } from '../../../graphql/meal-card.fragment';

export interface MealsQueryData {
  meals: {
    items: MealCardData[];
    next_cursor: string | null;
  };
}

export interface MealsQueryVariables {
  first: number;
  after?: string | null;
  filter?: MealFilterInput | null;
}

/**
 * Newest meals first, one page at a time, filtered by the server (search words,
 * category, price range, availability, allergens left out). Each filter is its
 * own cached list (see the cache policy of @popote/graphql).
 */
export const MEALS_QUERY: TypedDocumentNode<MealsQueryData, MealsQueryVariables> = gql`
  query Meals($first: Int!, $after: String, $filter: MealFilterInput) {
    meals(first: $first, after: $after, filter: $filter) {
      items {
        ...MealCardFields
      }
      next_cursor
    }
  }
  ${MEAL_CARD_FIELDS}
`;
