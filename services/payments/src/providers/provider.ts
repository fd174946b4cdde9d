/** What a card payment provider does for us (Stripe in production, the sandbox offline). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly publishableKey: string | null;
  createIntent(input: { amount_cents: number; checkout_id: string; consumer_id: string }): Promise<{ id: string; client_secret: string }>;
  /** Refunds `amount_cents` of a payment; the same idempotency key never refunds twice. */
  refund(input: { payment_intent_id: string; amount_cents: number; idempotency_key: string }): Promise<{ id: string }>;
}

/** The part of a provider's event we act on (Stripe's event shape). */
export interface ProviderEvent {
  id: string;
  type: string;
  data: {
    object: {
      id: string;
      amount?: number;
      metadata?: Record<string, string>;
      last_payment_error?: { message?: string; code?: string; decline_code?: string } | null;
    };
  };
}

export const PAYMENT_PROVIDER = Symbol('popote:payment-provider');
