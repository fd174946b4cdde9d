import { FeaturedMealsDocument, PopularCooksDocument, type PopularCooksQuery } from './home.queries.generated';

/** Up to 3 meals still available, most portions first (the BFF picks them). */
export const FEATURED_MEALS_QUERY = FeaturedMealsDocument;

export type PopularCook = PopularCooksQuery['popularCooks'][number];

/** Up to 3 cooks, best rated first. */
export const POPULAR_COOKS_QUERY = PopularCooksDocument;
