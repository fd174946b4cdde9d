import { gql, type ApolloCache, type TypedDocumentNode } from '@apollo/client';
import type { CreateMealInput, Meal, UpdateMealInput } from '@popote/graphql';

/** What the dashboard's cards show (MealCard of @popote/ui). */
export type CookMealCard = Pick<
  Meal,
  | 'meal_id'
  | 'cook_id'
  | 'cook_name'
  | 'name'
  | 'description'
  | 'price_cents'
  | 'portions_available'
  | 'preparation_time'
  | 'image_url'
  | 'image_card_url'
  | 'rating_average'
  | 'rating_count'
  | 'created_at'
>;

const COOK_MEAL_CARD_FIELDS = gql`
  fragment CookMealCardFields on Meal {
    meal_id
    cook_id
    cook_name
    name
    description
    price_cents
    portions_available
    preparation_time
    image_url
    image_card_url
    rating_average
    rating_count
    created_at
  }
`;

/** The signed-in cook's meals, newest first. */
export const COOK_MEALS_QUERY: TypedDocumentNode<{ cookMeals: CookMealCard[] }, { cook_id: string }> = gql`
  query CookMeals($cook_id: ID!) {
    cookMeals(cook_id: $cook_id) {
      ...CookMealCardFields
    }
  }
  ${COOK_MEAL_CARD_FIELDS}
`;

/** What the edit form needs: its fields, the owner, the pictures. */
export type EditableMeal = CookMealCard;

export const MEAL_TO_EDIT_QUERY: TypedDocumentNode<{ meal: EditableMeal | null }, { meal_id: string }> = gql`
  query MealToEdit($meal_id: ID!) {
    meal(meal_id: $meal_id) {
      ...CookMealCardFields
    }
  }
  ${COOK_MEAL_CARD_FIELDS}
`;

export const CREATE_MEAL: TypedDocumentNode<{ createMeal: CookMealCard }, { input: CreateMealInput }> = gql`
  mutation CreateMeal($input: CreateMealInput!) {
    createMeal(input: $input) {
      ...CookMealCardFields
    }
  }
  ${COOK_MEAL_CARD_FIELDS}
`;

/** The returned meal replaces the cached one everywhere (cards, detail page). */
export const UPDATE_MEAL: TypedDocumentNode<{ updateMeal: CookMealCard }, { meal_id: string; input: UpdateMealInput }> = gql`
  mutation UpdateMeal($meal_id: ID!, $input: UpdateMealInput!) {
    updateMeal(meal_id: $meal_id, input: $input) {
      ...CookMealCardFields
    }
  }
  ${COOK_MEAL_CARD_FIELDS}
`;

export const DELETE_MEAL: TypedDocumentNode<{ deleteMeal: boolean }, { meal_id: string }> = gql`
  mutation DeleteMeal($meal_id: ID!) {
    deleteMeal(meal_id: $meal_id)
  }
`;

/**
 * A new meal belongs in lists the cache cannot complete by itself (the meal list
 * of each filter, the featured meals, the cook's meals): forget them, so the
 * pages showing them ask the server again.
 */
export function forgetMealLists(cache: ApolloCache): void {
  for (const fieldName of ['meals', 'featuredMeals', 'cookMeals', 'cook']) {
    cache.evict({ id: 'ROOT_QUERY', fieldName });
  }
  cache.gc();
}

/** A deleted meal leaves every cached list at once (dangling references are dropped on read). */
export function forgetMeal(cache: ApolloCache, mealId: string): void {
  cache.evict({ id: cache.identify({ __typename: 'Meal', meal_id: mealId }) });
  cache.gc();
}
