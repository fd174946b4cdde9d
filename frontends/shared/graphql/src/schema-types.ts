/**
 * TypeScript mirror of the BFF's GraphQL schema (the part the frontends use).
 *
 * Hand-written for now, field for field from the contract; to be replaced by
 * GraphQL Code Generator output once the BFF publishes its schema file.
 */
export type Scalars = {
  ID: string;
  String: string;
  Int: number;
  Float: number;
};

export interface Meal {
  __typename?: 'Meal';
  meal_id: Scalars['ID'];
  cook_id: Scalars['ID'];
  /** The cook's username (copied onto the meal by the catalogue). */
  cook_name: Scalars['String'];
  name: Scalars['String'];
  description: Scalars['String'];
  /** Euro cents. */
  price_cents: Scalars['Int'];
  portions_available: Scalars['Int'];
  /** Values of the 44 fixed ingredients (@popote/contracts INGREDIENTS). */
  ingredients: Scalars['String'][];
  /** Keys of the 14 allergens (@popote/contracts ALLERGENS). */
  allergens: Scalars['String'][];
  /** One of the 13 categories (@popote/contracts CATEGORIES). */
  category: Scalars['String'];
  /** Minutes. */
  preparation_time: Scalars['Int'];
  /** ISO-8601 date-time. */
  available_date: Scalars['String'];
  /** Detail picture (≤ 1600 px), served through the shell's /media proxy, e.g. /media/meals/123_tajine.jpg. */
  image_url: Scalars['String'] | null;
  /** Card picture (600 × 450). */
  image_card_url: Scalars['String'] | null;
  cooking_details: Scalars['String'];
  serving_suggestions: Scalars['String'];
  dietary_info: Scalars['String'];
  storage_instructions: Scalars['String'];
  rating_average: Scalars['Float'];
  rating_count: Scalars['Int'];
  /** ISO-8601 date-time. */
  created_at: Scalars['String'];
  /** ISO-8601 date-time. */
  updated_at: Scalars['String'];
}

/** A cook's public page (`Query.cook`, `Query.popularCooks`). */
export interface Cook {
  __typename?: 'Cook';
  cook_id: Scalars['ID'];
  username: Scalars['String'];
  name: Scalars['String'];
  location: Scalars['String'];
  avatar_url: Scalars['String'] | null;
  bio: Scalars['String'];
  specialties: Scalars['String'][];
  availability_days: Scalars['String'][];
  rating_average: Scalars['Float'];
  total_reviews: Scalars['Int'];
  meals: Meal[];
}

export interface MealPage {
  __typename?: 'MealPage';
  items: Meal[];
  next_cursor: Scalars['String'] | null;
}

/** `meals(filter:)`: every criterion is optional; the BFF applies them all (AND). */
export interface MealFilterInput {
  /** Words searched in name, description and ingredients (case and accents ignored). */
  q?: Scalars['String'] | null;
  category?: Scalars['String'] | null;
  /** under10 | 10-20 | 20-30 | over30 */
  price_range?: Scalars['String'] | null;
  /** available | today | tomorrow */
  availability?: Scalars['String'] | null;
  without_allergens?: Scalars['String'][] | null;
}

export interface QueryMealsArgs {
  first?: number | null;
  after?: string | null;
  filter?: MealFilterInput | null;
}

export interface CreateMealInput {
  name: Scalars['String'];
  description: Scalars['String'];
  price_cents: Scalars['Int'];
  portions_available: Scalars['Int'];
  ingredients: Scalars['String'][];
  allergens: Scalars['String'][];
  category: Scalars['String'];
  /** ISO-8601 date-time. */
  available_date: Scalars['String'];
  preparation_time: Scalars['Int'];
  /** Key returned by POST /media/meals. */
  image_key?: Scalars['String'] | null;
  cooking_details?: Scalars['String'];
  serving_suggestions?: Scalars['String'];
  dietary_info?: Scalars['String'];
  storage_instructions?: Scalars['String'];
}

/** The edit form: photo, name, description, price, portions. */
export interface UpdateMealInput {
  name: Scalars['String'];
  description: Scalars['String'];
  price_cents: Scalars['Int'];
  portions_available: Scalars['Int'];
  /** Portions the edit form showed (the change is relative to it). */
  portions_seen?: Scalars['Int'] | null;
  image_key?: Scalars['String'] | null;
}

/** "consumer" | "cook" (a plain String in the schema). */
export type UserType = 'consumer' | 'cook';

export interface User {
  __typename?: 'User';
  user_id: Scalars['ID'];
  email: Scalars['String'];
  name: Scalars['String'];
  username: Scalars['String'];
  location: Scalars['String'];
  bio: Scalars['String'];
  avatar_url: Scalars['String'] | null;
  user_type: Scalars['String'];
  /** ISO-8601 date-time. */
  created_at: Scalars['String'];
}

export interface CookProfile {
  __typename?: 'CookProfile';
  cook_id: Scalars['ID'];
  bio: Scalars['String'];
  specialties: Scalars['String'][];
  availability_days: Scalars['String'][];
  cooking_styles: Scalars['String'][];
  experience_years: Scalars['Int'];
  certifications: Scalars['String'][];
  signature_dishes: Scalars['String'][];
  cuisine_types: Scalars['String'][];
  awards: Scalars['String'][];
  rating_average: Scalars['Float'];
  total_reviews: Scalars['Int'];
}

/** The signed-in person; `Query.me` is null when signed out. */
export interface Me {
  __typename?: 'Me';
  user: User;
  cook_profile: CookProfile | null;
}

export interface SignUpInput {
  email: Scalars['String'];
  password: Scalars['String'];
  name: Scalars['String'];
  username: Scalars['String'];
  location: Scalars['String'];
  user_type: Scalars['String'];
}

export interface ProfileInput {
  name: Scalars['String'];
  username: Scalars['String'];
  location: Scalars['String'];
  bio: Scalars['String'];
  avatar_url?: Scalars['String'] | null;
}

export interface ChangePasswordInput {
  current_password: Scalars['String'];
  new_password: Scalars['String'];
  confirm_password: Scalars['String'];
}

export interface CookProfileInput {
  bio: Scalars['String'];
  specialties: Scalars['String'][];
  availability_days: Scalars['String'][];
  cooking_styles: Scalars['String'][];
  experience_years: Scalars['Int'];
  certifications: Scalars['String'][];
  signature_dishes: Scalars['String'][];
  cuisine_types: Scalars['String'][];
  awards: Scalars['String'][];
}

/** `extensions.code` of the BFF's GraphQL errors. */
export type ApiErrorCode =
  | 'VALIDATION_FAILED'
  | 'INVALID_CREDENTIALS'
  | 'RATE_LIMITED'
  | 'CONFLICT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'INTERNAL'
  // Services add their own (INSUFFICIENT_STOCK...).
  | (string & {});

/** One line of the cart, with the meal as the catalogue has it now (price, stock). */
export interface CartItem {
  __typename?: 'CartItem';
  cart_item_id: Scalars['ID'];
  meal_id: Scalars['ID'];
  quantity: Scalars['Int'];
  line_total_cents: Scalars['Int'];
  meal: Meal;
  added_at: Scalars['String'];
  updated_at: Scalars['String'];
}

/** `Query.cart`: the signed-in user's cart (null id before the first add). */
export interface Cart {
  __typename?: 'Cart';
  cart_id: Scalars['ID'] | null;
  items: CartItem[];
  /** Number of portions. */
  item_count: Scalars['Int'];
  subtotal_cents: Scalars['Int'];
  /** Pick-up only, no fee: equals the subtotal. */
  total_cents: Scalars['Int'];
}

export interface CheckoutLine {
  __typename?: 'CheckoutLine';
  meal_id: Scalars['ID'];
  cook_id: Scalars['ID'];
  cook_name: Scalars['String'];
  name: Scalars['String'];
  unit_price_cents: Scalars['Int'];
  quantity: Scalars['Int'];
}

/** "requires_payment_method" | "processing" | "succeeded". */
export type CheckoutStatus = 'requires_payment_method' | 'processing' | 'succeeded' | (string & {});

export interface Checkout {
  __typename?: 'Checkout';
  checkout_id: Scalars['ID'];
  status: CheckoutStatus;
  /** Computed by the server from current prices. */
  amount_cents: Scalars['Int'];
  currency: Scalars['String'];
  lines: CheckoutLine[];
  /** "sandbox" | "stripe". */
  provider: Scalars['String'];
  /** French message of the last failed attempt. */
  last_error: Scalars['String'] | null;
  /** The pick-up slot held for each cook (issue 17). */
  slots: HeldSlot[];
  created_at: Scalars['String'];
}

/** A pick-up slot held at checkout: ISO instants. */
export interface HeldSlot {
  __typename?: 'HeldSlot';
  cook_id: Scalars['ID'];
  start: Scalars['String'];
  end: Scalars['String'];
}

/** `createPaymentIntent(slots:)`: one per cook of the cart, as offered by `pickupSlots`. */
export interface ChosenSlotInput {
  cook_id: Scalars['ID'];
  start: Scalars['String'];
}

export interface PickupSlot {
  __typename?: 'PickupSlot';
  cook_id: Scalars['ID'];
  start: Scalars['String'];
  end: Scalars['String'];
  /** Orders or portions still free. */
  remaining: Scalars['Int'];
}

export interface PickupSlotList {
  __typename?: 'PickupSlotList';
  /** false: the cook has not set pick-up windows yet. */
  has_windows: boolean;
  slots: PickupSlot[];
}

export interface PickupWindow {
  __typename?: 'PickupWindow';
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: Scalars['Int'];
  /** HH:MM, Paris time. */
  start: Scalars['String'];
  end: Scalars['String'];
}

export interface PickupAddress {
  __typename?: 'PickupAddress';
  street: Scalars['String'];
  postcode: Scalars['String'];
  city: Scalars['String'];
}

export interface PickupSettings {
  __typename?: 'PickupSettings';
  cook_id: Scalars['ID'];
  windows: PickupWindow[];
  /** Paris dates YYYY-MM-DD. */
  days_off: Scalars['String'][];
  address: PickupAddress | null;
  cutoff_minutes: Scalars['Int'];
  /** 15 or 30. */
  slot_minutes: Scalars['Int'];
  capacity: Scalars['Int'];
  /** "orders" | "portions". */
  capacity_unit: Scalars['String'];
}

export interface PickupSettingsInput {
  windows: { weekday: number; start: string; end: string }[];
  days_off: string[];
  address: { street: string; postcode: string; city: string } | null;
  cutoff_minutes: number;
  slot_minutes: number;
  capacity: number;
  capacity_unit: string;
}

export interface PaymentIntent {
  __typename?: 'PaymentIntent';
  checkout: Checkout;
  client_secret: Scalars['String'];
  publishable_key: Scalars['String'] | null;
}

/** `confirmSandboxPayment(card:)`: the offline sandbox provider takes Stripe's test cards. */
export interface CardInput {
  number: Scalars['String'];
  exp_month: Scalars['Int'];
  /** Four digits. */
  exp_year: Scalars['Int'];
  cvc: Scalars['String'];
}

/** pending → confirmed → preparing → ready → delivered; cancelled before delivery. */
export type OrderStatus = 'pending' | 'confirmed' | 'preparing' | 'ready' | 'delivered' | 'cancelled';

export interface OrderItem {
  __typename?: 'OrderItem';
  order_item_id: Scalars['ID'];
  meal_id: Scalars['ID'];
  name: Scalars['String'];
  quantity: Scalars['Int'];
  /** Unit price at order time. */
  price_cents: Scalars['Int'];
}

export interface Order {
  __typename?: 'Order';
  order_id: Scalars['ID'];
  checkout_id: Scalars['ID'];
  consumer_id: Scalars['ID'];
  /** The buyer's name (for the cook); empty on orders placed before it was kept. */
  consumer_name: Scalars['String'];
  cook_id: Scalars['ID'];
  cook_name: Scalars['String'];
  total_cents: Scalars['Int'];
  order_status: OrderStatus | (string & {});
  /** "pickup" (the only option for now). */
  delivery_option: Scalars['String'];
  /** The pick-up slot (ISO instants); null on orders placed before slots. */
  pickup_start: Scalars['String'] | null;
  pickup_end: Scalars['String'] | null;
  /** Shown to the buyer once the cook confirmed the order. */
  pickup_address: PickupAddress | null;
  cancel_reason: Scalars['String'] | null;
  items: OrderItem[];
  /** ISO-8601 date-time. */
  created_at: Scalars['String'];
  updated_at: Scalars['String'];
}

/** `Subscription.orderUpdated`: `from` is null for a new order. */
export interface OrderUpdate {
  __typename?: 'OrderUpdate';
  order_id: Scalars['ID'];
  from: Scalars['String'] | null;
  order_status: Scalars['String'];
}

export interface Review {
  __typename?: 'Review';
  review_id: Scalars['ID'];
  order_id: Scalars['ID'];
  cook_id: Scalars['ID'];
  consumer_name: Scalars['String'];
  meal_names: Scalars['String'][];
  /** 1 to 5. */
  rating: Scalars['Int'];
  comment: Scalars['String'];
  created_at: Scalars['String'];
}

export interface DayEarnings {
  __typename?: 'DayEarnings';
  /** YYYY-MM-DD. */
  day: Scalars['String'];
  cents: Scalars['Int'];
}

export interface BestSeller {
  __typename?: 'BestSeller';
  meal_id: Scalars['ID'];
  name: Scalars['String'];
  quantity: Scalars['Int'];
  revenue_cents: Scalars['Int'];
}

export interface CookStats {
  __typename?: 'CookStats';
  /** Orders since the 1st of the month (Paris), cancelled excluded. */
  monthly_earnings_cents: Scalars['Int'];
  /** pending + confirmed + preparing. */
  pending_orders: Scalars['Int'];
  total_customers: Scalars['Int'];
  average_rating: Scalars['Float'];
  total_reviews: Scalars['Int'];
  /** The last 30 days. */
  earnings_by_day: DayEarnings[];
  best_sellers: BestSeller[];
}
