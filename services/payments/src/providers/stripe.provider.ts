import Stripe from 'stripe';
import { ProviderRefusal, type PaymentProvider, type ProviderEvent } from './provider';

/** Stripe: PaymentIntents in euros, idempotent on our checkout id; refunds idempotent on the order. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly publishableKey: string | null,
    private readonly webhookSecret: string,
    apiBase?: string,
    private readonly connectWebhookSecret = webhookSecret,
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

  async cancelIntent(input: { payment_intent_id: string }) {
    try {
      await this.stripe.paymentIntents.cancel(input.payment_intent_id, { cancellation_reason: 'abandoned' });
    } catch (err) {
      // Succeeded or cancelled already: nothing to cancel.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') return;
      throw err;
    }
  }

  async refund(input: { payment_intent_id: string; amount_cents: number; idempotency_key: string }) {
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.payment_intent_id, amount: input.amount_cents },
      { idempotencyKey: input.idempotency_key },
    );
    return { id: refund.id };
  }

  /** Connect Express: Stripe hosts onboarding and the cook's identity checks (idempotent on the cook). */
  async createConnectedAccount(input: { cook_id: string }) {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: 'FR',
        default_currency: 'eur',
        capabilities: { transfers: { requested: true } },
        metadata: { cook_id: input.cook_id },
      },
      { idempotencyKey: `connect-account-${input.cook_id}` },
    );
    return { id: account.id, enabled: !!account.payouts_enabled && !!account.details_submitted };
  }

  async onboardingLink(input: { account_id: string; return_url: string }) {
    const link = await this.stripe.accountLinks.create({
      account: input.account_id,
      type: 'account_onboarding',
      return_url: input.return_url,
      refresh_url: input.return_url,
    });
    return { url: link.url };
  }

  async transfer(input: { account_id: string; amount_cents: number; payout_id: string; cook_id: string; idempotency_key: string }) {
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: input.amount_cents,
          currency: 'eur',
          destination: input.account_id,
          transfer_group: `payout-${input.payout_id}`,
          metadata: { payout_id: input.payout_id, cook_id: input.cook_id },
        },
        { idempotencyKey: input.idempotency_key },
      );
      return { id: transfer.id };
    } catch (err) {
      // A 4xx refusal (no funds on the platform, account not enabled…) is final; network or 5xx is not.
      if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripePermissionError)
        throw new ProviderRefusal(err.message);
      throw err;
    }
  }

  /** The payout's transfer by its group; checked again here (a mock, or a list answered wider than asked, must not match). */
  async findPayoutTransfer(input: { account_id: string; payout_id: string }) {
    const group = `payout-${input.payout_id}`;
    for await (const t of this.stripe.transfers.list({ transfer_group: group, destination: input.account_id, limit: 10 })) {
      const destination = typeof t.destination === 'string' ? t.destination : t.destination?.id;
      if (t.transfer_group === group && destination === input.account_id) return { id: t.id, amount_cents: t.amount };
    }
    return null;
  }

  async transferredTo(accountId: string): Promise<number> {
    let cents = 0;
    for await (const t of this.stripe.transfers.list({ destination: accountId, limit: 100 })) cents += t.amount - (t.amount_reversed ?? 0);
    return cents;
  }

  /** Verifies Stripe's signature over the raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret) as unknown as ProviderEvent;
  }

  /** Connect events (the connected accounts' own: account.updated, payout.failed) are signed with the Connect endpoint's secret. */
  verifyConnectWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.connectWebhookSecret) as unknown as ProviderEvent;
  }
}
