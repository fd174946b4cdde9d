/** The fixed lists (spec §5, §9) with their French labels: @popote/ui's, typed by the BFF schema's enums. */
export {
  ALLERGEN_LABELS,
  ALLERGENS,
  allergenLabel,
  AVAILABILITY,
  CATEGORIES,
  CATEGORY_LABELS,
  categoryLabel,
  LIMITS,
  PRICE_RANGES,
  TEXT_LIMITS,
} from '@popote/ui';
export type { PriceRange } from '@popote/ui';
export type { Allergen, Availability, Category } from '@popote/graphql';
