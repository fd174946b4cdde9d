/** The fixed lists (spec §5, §9) with their French labels: @popote/ui's, typed by the BFF schema's enums. */
export {
  ALLERGEN_LABELS,
  ALLERGENS,
  CATEGORIES,
  CATEGORY_LABELS,
  INGREDIENTS,
  LIMITS,
  MAX_INGREDIENTS,
  ORDER_STATUSES,
  TEXT_LIMITS,
} from '@popote/ui';
export type { Ingredient } from '@popote/ui';
export type { Allergen, Category } from '@popote/graphql';
