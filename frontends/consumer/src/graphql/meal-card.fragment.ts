import type { MealCardFieldsFragment } from '../generated/graphql';

/** What a meal card shows (MealCard of @popote/ui) plus what links it: fragment MealCardFields. */
export type MealCardData = MealCardFieldsFragment;
