import type { CheckoutDiscountFieldsFragment, CheckoutFieldsFragment, CreatePaymentIntentMutation } from './checkout.generated';

export type CheckoutData = CheckoutFieldsFragment;

export type PaymentIntentData = CreatePaymentIntentMutation['createPaymentIntent'];

/** A discount of one cook's part (ADR 0045): a code's preview at step 1, or inside the checkout's amount. */
export type DiscountData = CheckoutDiscountFieldsFragment;
