import type { MealCardFieldsFragment } from './meal-card.fragment.generated';

/** What a meal card shows (MealCard of @popote/ui) plus what links it: fragment MealCardFields. */
export type MealCardData = MealCardFieldsFragment;
