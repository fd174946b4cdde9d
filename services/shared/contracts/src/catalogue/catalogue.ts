import { z } from 'zod';
import { actorSchema, defineEvent, defineRpc } from '../shared/envelope';
import { MEAL_MESSAGES } from '@popote/rules';
import { ALLERGENS, AVAILABILITY, CATEGORIES, INGREDIENTS, LIMITS, MEAL_LIMITS, MEAL_SORTS, PRICE_RANGES } from '../shared/enums';

export { MEAL_MESSAGES } from '@popote/rules';

export const NEAR_MESSAGES = {
  radius: 'Rayon invalide : choisissez 1, 3, 5 ou 10 km',
  sort: 'Tri invalide',
  nearRequired: 'Indiquez votre commune pour filtrer ou trier par distance',
  nearUnknown: 'Commune inconnue : choisissez-la dans la liste',
  nearNoPosition: "La position de cette commune n'est pas connue : choisissez une commune voisine",
  nearInvalid: 'Commune invalide',
  query: 'Tapez au moins 2 lettres ou le début du code postal',
} as const;

/** The buyer's commune, by INSEE code (the public reads are cached per commune, never per person). */
const nearSchema = z
  .string()
  .trim()
  .regex(/^(\d{5}|2[AB]\d{3})$/, NEAR_MESSAGES.nearInvalid);

export const mealSchema = z.object({
  meal_id: z.string(),
  cook_id: z.string(),
  cook_name: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int().nonnegative(),
  portions_available: z.number().int().nonnegative(),
  ingredients: z.array(z.string()),
  allergens: z.array(z.enum(ALLERGENS)),
  category: z.enum(CATEGORIES),
  preparation_time: z.number().int().positive(),
  available_date: z.string(),
  image_url: z.string().nullable(),
  image_card_url: z.string().nullable(),
  cooking_details: z.string(),
  serving_suggestions: z.string(),
  dietary_info: z.string(),
  storage_instructions: z.string(),
  rating_average: z.number(),
  rating_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The commune the cook's dishes are picked up in (never the street), if the cook gave it. */
  cook_commune: z.string().nullish(),
  /** From the buyer's commune centre to the cook's, in metres, when the request named one. */
  distance_m: z.number().int().nullish(),
});
export type MealDto = z.infer<typeof mealSchema>;

export const mealFilterSchema = z.object({
  /** Searched in name, description and ingredients, ignoring case and accents. */
  q: z.string().trim().max(100).nullish(),
  category: z.enum(CATEGORIES).nullish(),
  price_range: z.enum(PRICE_RANGES).nullish(),
  availability: z.enum(AVAILABILITY).nullish(),
  without_allergens: z.array(z.enum(ALLERGENS)).max(14).nullish(),
  cook_id: z.string().nullish(),
  /** The buyer's commune (INSEE code): distances are computed from its centre. */
  near: nearSchema.nullish(),
  /** 1, 3, 5 or 10 (checked by the catalogue, whose refusal names the radii in French). */
  radius_km: z.number({ message: NEAR_MESSAGES.radius }).int(NEAR_MESSAGES.radius).nullish(),
  sort: z.enum(MEAL_SORTS, { message: NEAR_MESSAGES.sort }).nullish(),
});
export type MealFilter = z.infer<typeof mealFilterSchema>;

export const listMealsRequest = z.object({
  first: z.number().int().min(1).max(LIMITS.maxMealPageSize).default(LIMITS.mealPageSize),
  after: z.string().nullish(),
  filter: mealFilterSchema.nullish(),
});

/** An uploaded picture's key, as the BFF's upload endpoint returns it. */
export const imageKeySchema = z.string().regex(/^meals\/\d+_[A-Za-z0-9._-]+$/, MEAL_MESSAGES.imageInvalid);

const text = (max: number) => z.string().trim().min(1, MEAL_MESSAGES.required).max(max);
const optionalText = z.string().trim().max(MEAL_LIMITS.text).default('');
const priceCents = z
  .number({ message: MEAL_MESSAGES.required })
  .int(MEAL_MESSAGES.priceStep)
  .min(0, MEAL_MESSAGES.priceMin)
  .max(MEAL_LIMITS.priceMaxCents);
const portions = (min: 0 | 1, tooFew: string) =>
  z.number({ message: MEAL_MESSAGES.required }).int().min(min, tooFew).max(MEAL_LIMITS.portionsMax);

export const createMealInput = z.object({
  name: text(MEAL_LIMITS.name),
  description: text(MEAL_LIMITS.text),
  price_cents: priceCents,
  portions_available: portions(1, MEAL_MESSAGES.portionsMinCreate),
  ingredients: z
    .array(z.enum(INGREDIENTS, { message: MEAL_MESSAGES.ingredientUnknown }))
    .min(1, MEAL_MESSAGES.ingredientsMin)
    .max(MEAL_LIMITS.ingredientsMax, MEAL_MESSAGES.ingredientsMax),
  allergens: z
    .array(z.enum(ALLERGENS, { message: MEAL_MESSAGES.allergenUnknown }))
    .max(14)
    .default([]),
  category: z.enum(CATEGORIES, { message: MEAL_MESSAGES.categoryRequired }),
  preparation_time: z
    .number({ message: MEAL_MESSAGES.required })
    .int()
    .min(1, MEAL_MESSAGES.preparationMin)
    .max(MEAL_LIMITS.preparationMax),
  available_date: z.iso.datetime({ offset: true, message: MEAL_MESSAGES.dateRequired }),
  image_key: imageKeySchema.nullish(),
  cooking_details: optionalText,
  serving_suggestions: optionalText,
  dietary_info: optionalText,
  storage_instructions: optionalText,
});
export type CreateMealInput = z.infer<typeof createMealInput>;

/** The edit form: photo, name, description, price, portions. */
export const updateMealInput = z.object({
  name: text(MEAL_LIMITS.name),
  description: text(MEAL_LIMITS.text),
  price_cents: priceCents,
  portions_available: portions(0, MEAL_MESSAGES.portionsMinEdit),
  /** The portions the edit form loaded: the change is applied relative to it (sales since then stay sold). */
  portions_seen: z.number().int().min(0, MEAL_MESSAGES.portionsMinEdit).max(100_000).nullish(),
  image_key: imageKeySchema.nullish(),
});
export type UpdateMealInput = z.infer<typeof updateMealInput>;
export const mealPageSchema = z.object({
  items: z.array(mealSchema),
  next_cursor: z.string().nullable(),
});
export type MealPageDto = z.infer<typeof mealPageSchema>;

export const communeSchema = z.object({
  code: z.string(),
  name: z.string(),
  postcodes: z.array(z.string()),
  /** False when the dataset knows no point for it (it cannot be used for distances). */
  has_position: z.boolean(),
});
export type CommuneDto = z.infer<typeof communeSchema>;

const mealRef = z.object({ meal_id: z.string().min(1) });

export const CatalogueRpc = {
  listMeals: defineRpc('rpc.catalogue.list-meals', listMealsRequest, mealPageSchema, { callers: ['bff'] }),
  featuredMeals: defineRpc(
    'rpc.catalogue.featured-meals',
    z.object({ limit: z.number().int().min(1).max(12).default(LIMITS.featuredMeals), near: nearSchema.nullish() }),
    z.object({ items: z.array(mealSchema) }),
    { callers: ['bff'] },
  ),
  /** One listed meal (null: unknown or deleted); notifications asks it before a buyer favourites it, payments before a campaign starts. */
  getMeal: defineRpc('rpc.catalogue.get-meal', mealRef, z.object({ meal: mealSchema.nullable() }), {
    callers: ['bff', 'cart', 'notifications', 'payments'],
  }),
  getMeals: defineRpc(
    'rpc.catalogue.get-meals',
    z.object({ meal_ids: z.array(z.string()).max(200) }),
    z.object({ items: z.array(mealSchema) }),
    // The BFF: 'Mes favoris' (deleted dishes are not answered); payments: a promotion's dishes, a code's preview.
    { callers: ['bff', 'cart', 'payments'] },
  ),
  cookMeals: defineRpc(
    'rpc.catalogue.cook-meals',
    z.object({ cook_id: z.string().min(1), near: nearSchema.nullish() }),
    z.object({ items: z.array(mealSchema) }),
    { callers: ['bff'] },
  ),
  /** Autocomplete of French communes: a name's start (accents ignored) or a postcode's start. */
  searchCommunes: defineRpc(
    'rpc.catalogue.search-communes',
    z.object({ query: z.string().trim().max(60), limit: z.number().int().min(1).max(20).default(10) }),
    z.object({ items: z.array(communeSchema) }),
    { callers: ['bff'] },
  ),
  /** One commune by INSEE code (null if unknown). */
  getCommune: defineRpc('rpc.catalogue.get-commune', z.object({ code: nearSchema }), z.object({ commune: communeSchema.nullable() }), {
    callers: ['bff'],
  }),
  createMeal: defineRpc(
    'rpc.catalogue.create-meal',
    z.object({ actor: actorSchema, cook_name: z.string().min(1), input: createMealInput }),
    z.object({ meal: mealSchema }),
    { callers: ['bff'] },
  ),
  updateMeal: defineRpc(
    'rpc.catalogue.update-meal',
    z.object({ actor: actorSchema, meal_id: z.string().min(1), input: updateMealInput }),
    z.object({ meal: mealSchema }),
    { callers: ['bff'] },
  ),
  deleteMeal: defineRpc(
    'rpc.catalogue.delete-meal',
    z.object({ actor: actorSchema, meal_id: z.string().min(1) }),
    z.object({ ok: z.boolean() }),
    { callers: ['bff'] },
  ),
} as const;

const mealEventData = z.object({ meal_id: z.string(), cook_id: z.string() });
export const CatalogueEvents = {
  /** A cook published a dish: their followers are alerted (docs/alerts.md). */
  mealCreated: defineEvent('evt.catalogue.meal-created.v1', mealEventData.extend({ name: z.string() }), {
    consumers: ['notifications-NewDishAlerts'],
  }),
  /**
   * A dish's card went from no free portion to some (a cook's edit, a cancelled order, a reservation
   * given back or expired): those who favourited it are alerted, once a day at most per dish.
   */
  mealBackInStock: defineEvent('evt.catalogue.meal-back-in-stock.v1', mealEventData.extend({ name: z.string() }), {
    consumers: ['notifications-BackInStockAlerts'],
  }),
  /**
   * A cook's pick-up settings open more than before (docs/alerts.md): hours added on a weekday
   * (`weekdays`, ISO 1 = Monday … 7 = Sunday; every weekday with hours on a first save), or days off
   * taken back (`days`, coming Paris dates). Fewer hours, a longer cutoff or another capacity are not.
   */
  pickupSlotsOpened: defineEvent(
    'evt.catalogue.pickup-slots-opened.v1',
    z.object({ cook_id: z.string(), weekdays: z.array(z.number().int().min(1).max(7)), days: z.array(z.string()) }),
    { consumers: ['notifications-NewSlotsAlerts'] },
  ),
  mealUpdated: defineEvent('evt.catalogue.meal-updated.v1', mealEventData, { consumers: [] }),
  mealDeleted: defineEvent('evt.catalogue.meal-deleted.v1', mealEventData, {
    consumers: ['cart-MealDeleted', 'notifications-FavouritesOfDeletedMeal'],
  }),
  stockRejected: defineEvent(
    'evt.catalogue.stock-rejected.v1',
    z.object({
      order_id: z.string(),
      checkout_id: z.string(),
      meal_id: z.string(),
      reason: z.enum(['meal_not_found', 'insufficient_stock', 'slot_full']),
    }),
    { consumers: ['ordering-StockRejected'] },
  ),
  /**
   * A cook changed a dish's portions. Applied on the cook's partition (every writer of
   * stock holds the cook's lease, ADR 0024): relative to what the cook saw when `portions_seen` is given, so sales
   * made while the form was open are not undone.
   */
  stockAdjustRequested: defineEvent(
    'evt.catalogue.stock-adjust-requested.v1',
    z.object({
      meal_id: z.string(),
      cook_id: z.string(),
      portions: z.number().int().nonnegative(),
      portions_seen: z.number().int().nonnegative().nullable(),
    }),
    { partitionBy: (d) => d.cook_id, consumers: ['catalogue-stock-p*'] },
  ),
  /**
   * Cache hint: what the public pages show of some meals changed without a meal write of its own
   * (the stock worker gave portions back or applied a cook's edit, a review changed a rating, a cook
   * was renamed). Published right after the write, best effort (no outbox): the BFF's read cache
   * drops what it holds (ADR 0006); a hint lost in a crash is bounded by the cache's TTL.
   */
  mealsChanged: defineEvent(
    'evt.catalogue.meals-changed.v1',
    z.object({
      cook_id: z.string(),
      meal_ids: z.array(z.string()),
      cause: z.enum(['restock', 'stock_adjusted', 'rating', 'cook_renamed', 'cook_location', 'reservation', 'order']),
    }),
    { consumers: [] },
  ),
} as const;
