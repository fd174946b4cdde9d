export { createApolloClient } from './client';
export type { PopoteClientOptions } from './client';
export { createCache } from './cache';
export type { Meal, MealPage, QueryMealsArgs, Scalars } from './schema-types';
