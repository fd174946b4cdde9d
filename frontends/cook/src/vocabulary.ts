/**
 * The catalogue's fixed lists (spec §5, §9) with their French labels, from the
 * contracts package the services validate against. Only its enums file is
 * imported: it is plain data, browser-safe (the package's index pulls zod and NATS types).
 */
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
} from '@popote/contracts/src/enums';
export type { Allergen, Category, Ingredient } from '@popote/contracts/src/enums';
