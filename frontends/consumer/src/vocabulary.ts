/**
 * The catalogue's fixed lists (spec §5, §9) with their French labels, from the
 * contracts package the services validate against. Only its enums file is
 * imported: it is plain data, browser-safe (the package's index pulls zod and NATS types).
 */
export {
  ALLERGEN_LABELS,
  ALLERGENS,
  AVAILABILITY,
  CATEGORIES,
  CATEGORY_LABELS,
  LIMITS,
  PRICE_RANGES,
  TEXT_LIMITS,
} from '@popote/contracts/src/enums';
export type { Allergen, Availability, Category, PriceRange } from '@popote/contracts/src/enums';

import { ALLERGEN_LABELS, CATEGORY_LABELS } from '@popote/contracts/src/enums';

/** French label of a stored category; an unknown value is shown as is. */
export function categoryLabel(value: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[value] ?? value;
}

/** French label of a stored allergen; an unknown value is shown as is. */
export function allergenLabel(value: string): string {
  return (ALLERGEN_LABELS as Record<string, string>)[value] ?? value;
}
