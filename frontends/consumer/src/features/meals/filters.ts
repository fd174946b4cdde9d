import type { MealFilterInput } from '@popote/graphql';
import {
  ALLERGENS,
  AVAILABILITY,
  CATEGORIES,
  PRICE_RANGES,
  RADII_KM,
  type Allergen,
  type Availability,
  type Category,
  type MealSort,
  type PriceRange,
  type RadiusKm,
} from '@popote/rules';

/**
 * The meal list's search and filters, as read from and written to the URL
 * (`/meals?q=poulet&category=thai&without_allergens=gluten&without_allergens=milk`),
 * so a filtered list can be linked, reloaded and left with the back button.
 */
export interface MealListFilters {
  q: string;
  category: Category | null;
  priceRange: PriceRange | null;
  availability: Availability | null;
  withoutAllergens: Allergen[];
  /** Near me: only cooks within this many km of the buyer's commune. */
  radius: Radius | null;
  /** 'distance': nearest first (needs the buyer's commune). */
  sort: MealSort;
}

/** The radii the catalogue accepts, in km. */
export const RADII = RADII_KM;
export type Radius = RadiusKm;

export const PARAMS = {
  q: 'q',
  category: 'category',
  priceRange: 'price_range',
  availability: 'availability',
  withoutAllergens: 'without_allergens',
  radius: 'rayon',
  sort: 'tri',
} as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Unknown values (an old or hand-edited link) are ignored rather than sent to the server. */
export function readFilters(params: URLSearchParams): MealListFilters {
  const allergens = new Set(params.getAll(PARAMS.withoutAllergens));
  return {
    q: (params.get(PARAMS.q) ?? '').trim(),
    category: oneOf(CATEGORIES, params.get(PARAMS.category)),
    priceRange: oneOf(PRICE_RANGES, params.get(PARAMS.priceRange)),
    availability: oneOf(AVAILABILITY, params.get(PARAMS.availability)),
    // In the fixed order of the list, so the same choice always makes the same URL and cache key.
    withoutAllergens: ALLERGENS.filter((allergen) => allergens.has(allergen)),
    radius: (RADII as readonly number[]).includes(Number(params.get(PARAMS.radius))) ? (Number(params.get(PARAMS.radius)) as Radius) : null,
    sort: params.get(PARAMS.sort) === 'distance' ? 'distance' : 'recent',
  };
}

/** The /meals URL showing these filters (`/meals` alone when none is set). */
export function mealsUrl(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `/meals?${query}` : '/meals';
}

export function writeFilters(filters: MealListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set(PARAMS.q, filters.q);
  if (filters.category) params.set(PARAMS.category, filters.category);
  if (filters.priceRange) params.set(PARAMS.priceRange, filters.priceRange);
  if (filters.availability) params.set(PARAMS.availability, filters.availability);
  for (const allergen of filters.withoutAllergens) params.append(PARAMS.withoutAllergens, allergen);
  if (filters.radius) params.set(PARAMS.radius, String(filters.radius));
  if (filters.sort === 'distance') params.set(PARAMS.sort, 'distance');
  return params;
}

export const NO_FILTERS: MealListFilters = {
  q: '',
  category: null,
  priceRange: null,
  availability: null,
  withoutAllergens: [],
  radius: null,
  sort: 'recent',
};

/** How many of the side panel's filters are set (the search box is not one of them). */
export function countActiveFilters(filters: MealListFilters): number {
  return (filters.category ? 1 : 0) + (filters.priceRange ? 1 : 0) + (filters.availability ? 1 : 0) + filters.withoutAllergens.length;
}

/**
 * The list as it comes: no search, no filter, no radius, newest first. Only this one carries the
 * sponsored card; the buyer's commune alone (distances on the cards) keeps it.
 */
export function isDefaultListing(filters: MealListFilters): boolean {
  return filters.q === '' && countActiveFilters(filters) === 0 && filters.radius === null && filters.sort === 'recent';
}

/**
 * The BFF's `MealFilterInput`, with only what is set; null when nothing is. `near` is the buyer's
 * commune (INSEE code): with it the cards show distances, and the radius and the sort apply.
 */
export function toFilterInput(filters: MealListFilters, near: string | null = null): MealFilterInput | null {
  const input: MealFilterInput = {};
  if (near) {
    input.near = near;
    if (filters.radius) input.radius_km = filters.radius;
    if (filters.sort === 'distance') input.sort = 'distance';
  }
  if (filters.q) input.q = filters.q;
  if (filters.category) input.category = filters.category;
  if (filters.priceRange) input.price_range = filters.priceRange;
  if (filters.availability) input.availability = filters.availability;
  if (filters.withoutAllergens.length > 0) input.without_allergens = [...filters.withoutAllergens];
  return Object.keys(input).length > 0 ? input : null;
}
