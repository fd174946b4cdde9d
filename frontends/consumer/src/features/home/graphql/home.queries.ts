import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Cook } from '@popote/graphql';
import { MEAL_CARD_FIELDS, type MealCardData } from '../../../graphql/meal-card.fragment';

/** Up to 3 meals still available, most portions first (the BFF picks them). */
export const FEATURED_MEALS_QUERY: TypedDocumentNode<{ featuredMeals: MealCardData[] }, Record<string, never>> = gql`
  query FeaturedMeals {
    featuredMeals {
      ...MealCardFields
    }
  }
  ${MEAL_CARD_FIELDS}
`;

export type PopularCook = Pick<
  Cook,
  'cook_id' | 'username' | 'name' | 'location' | 'avatar_url' | 'specialties' | 'rating_average' | 'total_reviews'
>;

/** Up to 3 cooks, best rated first. */
export const POPULAR_COOKS_QUERY: TypedDocumentNode<{ popularCooks: PopularCook[] }, Record<string, never>> = gql`
  query PopularCooks {
    popularCooks {
      cook_id
      username
      name
      location
      avatar_url
      specialties
      rating_average
      total_reviews
    }
  }
`;
