import { MealDocument, type MealQuery } from './meal.query.generated';

export type MealDetail = NonNullable<MealQuery['meal']>;

/** One meal with everything its page shows; null when it does not exist (or was deleted). */
export const MEAL_QUERY = MealDocument;
