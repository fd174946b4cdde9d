import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Cook } from '@popote/graphql';
import { MEAL_CARD_FIELDS, type MealCardData } from '../../../graphql/meal-card.fragment';

export type CookPageData = Omit<Cook, '__typename' | 'meals'> & { meals: MealCardData[] };

/** A cook's public page with their meals; null when the id is not a cook's. */
export const COOK_QUERY: TypedDocumentNode<{ cook: CookPageData | null }, { cook_id: string }> = gql`
  query Cook($cook_id: ID!) {
    cook(cook_id: $cook_id) {
      cook_id
      username
      name
      location
      avatar_url
      bio
      specialties
      availability_days
      rating_average
      total_reviews
      meals {
        ...MealCardFields
      }
    }
  }
  ${MEAL_CARD_FIELDS}
`;
