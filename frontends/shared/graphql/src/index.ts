export { createApolloClient } from './client';
export type { PopoteClientOptions } from './client';
export { createCache } from './cache';
export type {
  ApiErrorCode,
  ChangePasswordInput,
  Cook,
  CookProfile,
  CookProfileInput,
  CreateMealInput,
  Me,
  Meal,
  MealFilterInput,
  MealPage,
  ProfileInput,
  QueryMealsArgs,
  Scalars,
  SignUpInput,
  UpdateMealInput,
  User,
  UserType,
} from './schema-types';
