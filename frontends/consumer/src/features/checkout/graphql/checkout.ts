import type { CheckoutFieldsFragment, CreatePaymentIntentMutation } from './checkout.generated';

export type CheckoutData = CheckoutFieldsFragment;

export type PaymentIntentData = CreatePaymentIntentMutation['createPaymentIntent'];
