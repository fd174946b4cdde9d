import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Cart, CartItem, Meal } from '@popote/graphql';

export type CartMeal = Pick<
  Meal,
  'meal_id' | 'cook_id' | 'cook_name' | 'name' | 'price_cents' | 'portions_available' | 'image_url' | 'image_card_url'
>;

export type CartLine = Pick<CartItem, 'cart_item_id' | 'meal_id' | 'quantity' | 'line_total_cents'> & {
  meal: CartMeal;
};

export type CartData = Pick<Cart, 'cart_id' | 'item_count' | 'subtotal_cents' | 'total_cents'> & {
  items: CartLine[];
};

/**
 * The whole cart, selected identically by the query and every mutation: the cache
 * keeps one cart (a singleton, see @popote/graphql), which each answer replaces, so the
 * nav bar's count, the cards' steppers and /cart follow every change at once.
 */
export const CART_FIELDS = gql`
  fragment CartFields on Cart {
    cart_id
    item_count
    subtotal_cents
    total_cents
    items {
      cart_item_id
      meal_id
      quantity
      line_total_cents
      meal {
        meal_id
        cook_id
        cook_name
        name
        price_cents
        portions_available
        image_url
        image_card_url
      }
    }
  }
`;

export const CART_QUERY: TypedDocumentNode<{ cart: CartData }, Record<string, never>> = gql`
  query Cart {
    cart {
      ...CartFields
    }
  }
  ${CART_FIELDS}
`;

export const ADD_TO_CART: TypedDocumentNode<{ addToCart: CartData }, { meal_id: string; quantity: number }> = gql`
  mutation AddToCart($meal_id: ID!, $quantity: Int!) {
    addToCart(meal_id: $meal_id, quantity: $quantity) {
      ...CartFields
    }
  }
  ${CART_FIELDS}
`;

export const SET_CART_QUANTITY: TypedDocumentNode<{ setCartQuantity: CartData }, { meal_id: string; quantity: number }> = gql`
  mutation SetCartQuantity($meal_id: ID!, $quantity: Int!) {
    setCartQuantity(meal_id: $meal_id, quantity: $quantity) {
      ...CartFields
    }
  }
  ${CART_FIELDS}
`;

export const REMOVE_FROM_CART: TypedDocumentNode<{ removeFromCart: CartData }, { meal_id: string }> = gql`
  mutation RemoveFromCart($meal_id: ID!) {
    removeFromCart(meal_id: $meal_id) {
      ...CartFields
    }
  }
  ${CART_FIELDS}
`;

export const CLEAR_CART: TypedDocumentNode<{ clearCart: CartData }, Record<string, never>> = gql`
  mutation ClearCart {
    clearCart {
      ...CartFields
    }
  }
  ${CART_FIELDS}
`;

/** 'Procéder au paiement': the server checks the cart is not empty and every line is within stock. */
export const START_CHECKOUT: TypedDocumentNode<{ startCheckout: CartData }, Record<string, never>> = gql`
  mutation StartCheckout {
    startCheckout {
      ...CartFields
    }
  }
  ${CART_FIELDS}
`;
