/**
 * The spec's fixed vocabularies (§5, §9), their French labels, the limits and the SIRET check: one
 * source, @popote/rules, which the frontends import too.
 */
export {
  ALLERGEN_LABELS,
  ALLERGENS,
  allergenLabel,
  AVAILABILITY,
  AVATAR_URL_INVALID,
  CATEGORIES,
  CATEGORY_LABELS,
  categoryLabel,
  CONTACT_LIMITS,
  INGREDIENTS,
  isSafeImageUrl,
  isValidSiret,
  LIMITS,
  MAX_INGREDIENTS,
  MEAL_LIMITS,
  MEAL_SORTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderStatusLabel,
  PRICE_RANGE_BOUNDS,
  PRICE_RANGES,
  RADII_KM,
  TEXT_LIMITS,
  USER_TYPES,
  VAT_REGIMES,
} from '@popote/rules';
export type {
  Allergen,
  Availability,
  Category,
  Ingredient,
  MealSort,
  OrderStatus,
  PriceRange,
  RadiusKm,
  UserType,
  VatRegime,
} from '@popote/rules';
