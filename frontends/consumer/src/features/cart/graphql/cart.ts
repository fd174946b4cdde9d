import {
  AddToCartDocument,
  CartDocument,
  ClearCartDocument,
  RemoveFromCartDocument,
  SetCartQuantityDocument,
  StartCheckoutDocument,
  type CartFieldsFragment,
} from './cart.generated';

/**
 * The whole cart (fragment CartFields), selected identically by the query and every mutation:
 * the cache keeps one cart (a singleton, see @popote/graphql), which each answer replaces, so
 * the nav bar's count, the cards' steppers and /cart follow every change at once.
 */
export type CartData = CartFieldsFragment;
export type CartLine = CartData['items'][number];
export type CartMeal = CartLine['meal'];

export const CART_QUERY = CartDocument;

export const ADD_TO_CART = AddToCartDocument;

export const SET_CART_QUANTITY = SetCartQuantityDocument;

export const REMOVE_FROM_CART = RemoveFromCartDocument;

export const CLEAR_CART = ClearCartDocument;

/** 'Procéder au paiement': the server checks the cart is not empty and every line is within stock. */
export const START_CHECKOUT = StartCheckoutDocument;
