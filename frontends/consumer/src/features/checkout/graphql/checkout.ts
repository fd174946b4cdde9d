import {
  ChangeCheckoutSlotDocument,
  CheckoutDocument,
  CheckoutOrdersDocument,
  ConfirmSandboxPaymentDocument,
  CreatePaymentIntentDocument,
  RenewCheckoutDocument,
  type CheckoutFieldsFragment,
  type CreatePaymentIntentMutation,
} from './checkout.generated';

export type CheckoutData = CheckoutFieldsFragment;

export type PaymentIntentData = CreatePaymentIntentMutation['createPaymentIntent'];

/**
 * Starts a payment for the cart as it is now: the amount is computed by the server; the portions
 * and the chosen pick-up slot of each cook are reserved until `reserved_until` (refused at once, in
 * French, when a dish ran out or a slot is full or closed).
 */
export const CREATE_PAYMENT_INTENT = CreatePaymentIntentDocument;

/** One cook's slot changes before paying: the new one is held, the old one given back at once (ADR 0008). */
export const CHANGE_CHECKOUT_SLOT = ChangeCheckoutSlotDocument;

/** The reservation expired: reserve the same checkout again (refused in French if the food went meanwhile). */
export const RENEW_CHECKOUT = RenewCheckoutDocument;

/** The offline sandbox provider confirms the card (Stripe's test cards). */
export const CONFIRM_SANDBOX_PAYMENT = ConfirmSandboxPaymentDocument;

/** After a card confirmed in Stripe.js: the checkout as the server knows it (webhook-fed). */
export const CHECKOUT_QUERY = CheckoutDocument;

/** The orders a paid checkout became, one per cook; they appear a moment after the payment. */
export const CHECKOUT_ORDERS_QUERY = CheckoutOrdersDocument;
