export { createApolloClient } from './client';
export type { PopoteClientOptions } from './client';
export { createCache } from './cache';
export type {
  ApiErrorCode,
  ChangePasswordInput,
  CookProfile,
  CookProfileInput,
  Me,
  Meal,
  MealPage,
  ProfileInput,
  QueryMealsArgs,
  Scalars,
  SignUpInput,
  User,
  UserType,
} from './schema-types';
