import { gql } from '@apollo/client';
import type { Meal } from '@popote/graphql';

/** What a meal card shows (MealCard of @popote/ui) plus what links it. */
export type MealCardData = Pick<
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
  | 'image_card_url'
  | 'rating_average'
  | 'rating_count'
  | 'created_at'
>;

export const MEAL_CARD_FIELDS = gql`
  fragment MealCardFields on Meal {
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
    image_card_url
    rating_average
    rating_count
    created_at
  }
`;
