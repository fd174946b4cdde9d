export { createApolloClient } from './client';
export type { PopoteClientOptions } from './client';
export { createCache } from './cache';
export { liveEvents } from './live';
export { ORDER_UPDATED, useOrderUpdates } from './order-updates';
export type { OrderUpdatesOptions } from './order-updates';
export type { LiveEvents } from './live';
export type {
  ApiErrorCode,
  BestSeller,
  CardInput,
  Cart,
  CartItem,
  Checkout,
  CheckoutLine,
  CheckoutStatus,
  CookStats,
  DayEarnings,
  Order,
  OrderItem,
  OrderStatus,
  OrderUpdate,
  PaymentIntent,
  Review,
  ChangePasswordInput,
  Cook,
  CookProfile,
  CookProfileInput,
  CreateMealInput,
  ChosenSlotInput,
  HeldSlot,
  Me,
  Meal,
  MealFilterInput,
  MealPage,
  PickupAddress,
  PickupSettings,
  PickupSettingsInput,
  PickupSlot,
  PickupSlotList,
  PickupWindow,
  ProfileInput,
  QueryMealsArgs,
  Scalars,
  SignUpInput,
  UpdateMealInput,
  User,
  UserType,
} from './schema-types';
