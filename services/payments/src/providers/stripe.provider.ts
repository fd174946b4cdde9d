import Stripe from 'stripe';
import type { PaymentProvider, ProviderEvent } from './provider';

/** Stripe: PaymentIntents in euros, idempotent on our checkout id; refunds idempotent on the order. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly publishableKey: string | null,
    private readonly webhookSecret: string,
    apiBase?: string,
  ) {
    const url = apiBase ? new URL(apiBase) : undefined;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      ...(url
        ? {
            host: url.hostname,
            port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
            protocol: url.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createIntent(input: { amount_cents: number; checkout_id: string; consumer_id: string }) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount_cents,
        currency: 'eur',
        metadata: { checkout_id: input.checkout_id, consumer_id: input.consumer_id },
      },
      { idempotencyKey: `checkout-${input.checkout_id}` },
    );
    return { id: intent.id, client_secret: intent.client_secret ?? '' };
  }

  async refund(input: { payment_intent_id: string; amount_cents: number; idempotency_key: string }) {
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.payment_intent_id, amount: input.amount_cents },
      { idempotencyKey: input.idempotency_key },
    );
    return { id: refund.id };
  }

  /** Verifies Stripe's signature over the raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret) as unknown as ProviderEvent;
  }
}
