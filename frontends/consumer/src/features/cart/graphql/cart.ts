import type { CartFieldsFragment } from './cart.generated';

/**
 * The whole cart (fragment CartFields), selected identically by the query and every mutation:
 * the cache keeps one cart (a singleton, see @popote/graphql), which each answer replaces, so
 * the nav bar's count, the cards' steppers and /cart follow every change at once.
 */
export type CartData = CartFieldsFragment;
export type CartLine = CartData['items'][number];
export type CartMeal = CartLine['meal'];
