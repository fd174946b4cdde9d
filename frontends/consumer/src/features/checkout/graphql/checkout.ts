import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CardInput, Checkout, ChosenSlotInput, Order, PaymentIntent } from '@popote/graphql';

export type CheckoutData = Omit<Checkout, '__typename' | 'created_at'>;

const CHECKOUT_FIELDS = gql`
  fragment CheckoutFields on Checkout {
    checkout_id
    status
    amount_cents
    currency
    provider
    last_error
    lines {
      meal_id
      cook_id
      cook_name
      name
      unit_price_cents
      quantity
    }
    slots {
      cook_id
      start
      end
    }
  }
`;

export type PaymentIntentData = Pick<PaymentIntent, 'client_secret' | 'publishable_key'> & { checkout: CheckoutData };

/**
 * Starts a payment for the cart as it is now: the amount is computed by the server; the chosen
 * pick-up slot of each cook is held while paying (refused in French when full or closed).
 */
export const CREATE_PAYMENT_INTENT: TypedDocumentNode<{ createPaymentIntent: PaymentIntentData }, { slots: ChosenSlotInput[] }> = gql`
  mutation CreatePaymentIntent($slots: [ChosenSlotInput!]!) {
    createPaymentIntent(slots: $slots) {
      client_secret
      publishable_key
      checkout {
        ...CheckoutFields
      }
    }
  }
  ${CHECKOUT_FIELDS}
`;

/** The offline sandbox provider confirms the card (Stripe's test cards). */
export const CONFIRM_SANDBOX_PAYMENT: TypedDocumentNode<{ confirmSandboxPayment: CheckoutData }, { checkout_id: string; card: CardInput }> =
  gql`
    mutation ConfirmSandboxPayment($checkout_id: ID!, $card: CardInput!) {
      confirmSandboxPayment(checkout_id: $checkout_id, card: $card) {
        ...CheckoutFields
      }
    }
    ${CHECKOUT_FIELDS}
  `;

/** After a card confirmed in Stripe.js: the checkout as the server knows it (webhook-fed). */
export const CHECKOUT_QUERY: TypedDocumentNode<{ checkout: CheckoutData | null }, { checkout_id: string }> = gql`
  query Checkout($checkout_id: ID!) {
    checkout(checkout_id: $checkout_id) {
      ...CheckoutFields
    }
  }
  ${CHECKOUT_FIELDS}
`;

/** The orders a paid checkout became, one per cook; they appear a moment after the payment. */
export const CHECKOUT_ORDERS_QUERY: TypedDocumentNode<
  { checkoutOrders: Pick<Order, 'order_id' | 'cook_name' | 'order_status'>[] },
  { checkout_id: string }
> = gql`
  query CheckoutOrders($checkout_id: ID!) {
    checkoutOrders(checkout_id: $checkout_id) {
      order_id
      cook_name
      order_status
    }
  }
`;
