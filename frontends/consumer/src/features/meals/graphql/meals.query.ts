import { MealsDocument, type MealsQuery, type MealsQueryVariables } from './meals.query.generated';

export type MealsQueryData = MealsQuery;
export type { MealsQueryVariables };

/**
 * Newest meals first, one page at a time, filtered by the server (search words,
 * category, price range, availability, allergens left out). Each filter is its
 * own cached list (see the cache policy of @popote/graphql).
 */
export const MEALS_QUERY = MealsDocument;
