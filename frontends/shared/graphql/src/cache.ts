import { InMemoryCache, type FieldPolicy } from '@apollo/client';
import type { MealPage, QueryMealsArgs } from './generated/schema';

type MealPageRef = Omit<MealPage, 'items'> & { items: readonly unknown[] };

/**
 * `meals(first, after, filter)`: one growing list per filter (the filter is the
 * cache key, `first` and `after` are not). A page fetched with `after` is
 * appended to what is cached, a fetch without `after` starts over.
 */
const mealsPagination: FieldPolicy<MealPageRef, MealPageRef, MealPageRef> = {
  keyArgs: ['filter'],
  merge(existing, incoming, { args }) {
    const after = (args as QueryMealsArgs | null)?.after;
    if (!existing || !after) return incoming;
    return { ...incoming, items: [...existing.items, ...incoming.items] };
  },
};

/** The cache shared by the shell and every remote (one client per page). */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Meal: { keyFields: ['meal_id'] },
      Cook: { keyFields: ['cook_id'] },
      // A page has no identity of its own: keep it inside its parent field.
      MealPage: { keyFields: false },
      User: { keyFields: ['user_id'] },
      CookProfile: { keyFields: ['cook_id'] },
      // `Query.me`, the one source of truth of who is signed in. Every mutation
      // returning Me writes it there; its user and cook profile are normalised.
      Me: { keyFields: false, merge: true },
      // One cart per signed-in person: a singleton ("Cart:{}"). Every cart mutation returns
      // the whole cart, which therefore replaces it everywhere at once (nav count, cards, /cart).
      // Signing out resets the store, so a cart never outlives its owner on the page.
      Cart: { keyFields: [] },
      CartItem: { keyFields: ['cart_item_id'] },
      Checkout: { keyFields: ['checkout_id'] },
      // Status changes (mutations, live updates) land on the one cached Order of that id.
      Order: { keyFields: ['order_id'] },
      OrderItem: { keyFields: ['order_item_id'] },
      Review: { keyFields: ['review_id'] },
      // Statistics have no identity: each answer replaces the previous one.
      CookStats: { keyFields: false, merge: false },
      Query: {
        fields: {
          meals: mealsPagination,
        },
      },
    },
  });
}
