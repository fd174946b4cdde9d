/** What a card payment provider does for us (Stripe in production, the sandbox offline). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  readonly publishableKey: string | null;
  createIntent(input: { amount_cents: number; checkout_id: string; consumer_id: string }): Promise<{ id: string; client_secret: string }>;
  /**
   * Cancels an intent nobody may pay any more (its checkout was replaced by a newer one). One paid
   * or cancelled already is left as it is (a payment that won the race is refunded as a late one).
   */
  cancelIntent(input: { payment_intent_id: string }): Promise<void>;
  /** Refunds `amount_cents` of a payment; the same idempotency key never refunds twice. */
  refund(input: { payment_intent_id: string; amount_cents: number; idempotency_key: string }): Promise<{ id: string }>;
  /** Stripe Connect: an Express connected account for a cook (idempotent on the cook). */
  createConnectedAccount(input: { cook_id: string }): Promise<{ id: string; enabled: boolean }>;
  /** Where the cook completes onboarding (Stripe's hosted form; the sandbox's own step). */
  onboardingLink(input: { account_id: string; return_url: string }): Promise<{ url: string }>;
  /** Moves `amount_cents` from the platform to the connected account; the same key never transfers twice. */
  transfer(input: { account_id: string; amount_cents: number; payout_id: string; cook_id: string; idempotency_key: string }): Promise<{
    id: string;
  }>;
  /**
   * The transfer of a payout, looked up by its transfer group (`payout-<id>`), or null when there is
   * none. Asked before a payout whose outcome was lost is attempted again: the idempotency key alone
   * protects only within the provider's window (~24 h at Stripe).
   */
  findPayoutTransfer(input: { account_id: string; payout_id: string }): Promise<{ id: string; amount_cents: number } | null>;
  /** Net amount transferred to a connected account (transfers − reversals), or null when the provider keeps no record (sandbox). */
  transferredTo(accountId: string): Promise<number | null>;
}

/** A refusal from the provider that retrying will not change (a payout fails; the amount returns). */
export class ProviderRefusal extends Error {}

/** The part of a provider's event we act on (Stripe's event shape). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Unix seconds (Stripe). */
  created?: number;
  /** Connect events: the connected account the event happened on. */
  account?: string;
  data: {
    object: {
      id: string;
      amount?: number;
      metadata?: Record<string, string>;
      /** account.updated */
      charges_enabled?: boolean;
      payouts_enabled?: boolean;
      details_submitted?: boolean;
      /** transfer.* */
      destination?: string | null;
      failure_message?: string | null;
      last_payment_error?: { message?: string; code?: string; decline_code?: string } | null;
    };
  };
}

export const PAYMENT_PROVIDER = Symbol('popote:payment-provider');
