import type { MealQuery } from './meal.query.generated';

export type MealDetail = NonNullable<MealQuery['meal']>;
