import type { MealsQuery, MealsQueryVariables } from './meals.query.generated';

export type MealsQueryData = MealsQuery;
export type { MealsQueryVariables };
