import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CartRpc, DomainError, PAYMENT_MESSAGES, PaymentsEvents, type Actor, type CheckoutDto, type Envelope } from '@popote/contracts';
import { causedBy, OutboxRelay, recordEvent, RpcClient } from '@popote/platform';
import type { Model } from 'mongoose';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderEvent } from '../providers/provider';
import { evaluateCard, type CardInput } from '../providers/sandbox.provider';
import { Checkout, PaymentEvent, Refund } from './checkout.schema';

export const toCheckoutDto = (c: Checkout): CheckoutDto => ({
  checkout_id: c._id,
  consumer_id: c.consumer_id,
  status: c.status,
  amount_cents: c.amount_cents,
  currency: 'eur',
  lines: c.lines,
  provider: c.provider,
  last_error: c.last_error ?? null,
  created_at: new Date(c.created_at).toISOString(),
});

@Injectable()
export class CheckoutsService implements OnModuleInit {
  private readonly log = new Logger('Checkouts');

  constructor(
    @InjectModel(Checkout.name) private readonly checkouts: Model<Checkout>,
    @InjectModel(PaymentEvent.name) private readonly events: Model<PaymentEvent>,
    @InjectModel(Refund.name) private readonly refunds: Model<Refund>,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly rpc: RpcClient,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.relay.register(this.checkouts);
    this.relay.register(this.refunds);
  }

  /**
   * The amount is computed here, from the cart and the catalogue's current prices and stock (the
   * cart's checkout checks) — never from the browser.
   */
  async createIntent(actor: Actor): Promise<{ checkout: CheckoutDto; client_secret: string; publishable_key: string | null }> {
    const cart = await this.rpc.call(CartRpc.checkout, { actor });
    const lines = cart.items.map((l) => ({
      meal_id: l.meal_id,
      cook_id: l.meal.cook_id,
      cook_name: l.meal.cook_name,
      name: l.meal.name,
      unit_price_cents: l.meal.price_cents,
      quantity: l.quantity,
    }));
    const amount = lines.reduce((s, l) => s + l.unit_price_cents * l.quantity, 0);
    const checkout = await this.checkouts.create({
      _id: randomUUID(),
      consumer_id: actor.user_id,
      status: 'requires_payment_method',
      amount_cents: amount,
      lines,
      provider: this.provider.name,
    });
    const intent = await this.provider.createIntent({ amount_cents: amount, checkout_id: checkout._id, consumer_id: actor.user_id });
    await this.checkouts.updateOne({ _id: checkout._id }, { $set: { payment_intent_id: intent.id, client_secret: intent.client_secret } });
    return {
      checkout: toCheckoutDto(checkout.toObject()),
      client_secret: intent.client_secret,
      publishable_key: this.provider.publishableKey,
    };
  }

  private async owned(actor: Actor, checkoutId: string): Promise<Checkout> {
    const c = await this.checkouts.findOne({ _id: checkoutId, consumer_id: actor.user_id }, { _outbox: 0 }).lean<Checkout>();
    if (!c) throw new DomainError('NOT_FOUND', PAYMENT_MESSAGES.invalidData);
    return c;
  }

  async get(actor: Actor, checkoutId: string): Promise<CheckoutDto | null> {
    const c = await this.checkouts.findOne({ _id: checkoutId, consumer_id: actor.user_id }, { _outbox: 0 }).lean<Checkout>();
    return c ? toCheckoutDto(c) : null;
  }

  /**
   * The offline provider's card confirmation. Its outcome goes through the same path as a
   * Stripe webhook (`applyProviderEvent`), so orders are created from the provider's word only.
   */
  async confirmSandbox(actor: Actor, checkoutId: string, card: CardInput): Promise<CheckoutDto> {
    if (this.provider.name !== 'sandbox') throw new DomainError('FORBIDDEN', PAYMENT_MESSAGES.paymentError);
    const checkout = await this.owned(actor, checkoutId);
    if (checkout.status === 'succeeded') throw new DomainError('CONFLICT', PAYMENT_MESSAGES.alreadyPaid);
    const outcome = evaluateCard(card);
    await this.applyProviderEvent({
      id: `evt_sbx_${randomUUID().replace(/-/g, '')}`,
      type: outcome.ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      data: {
        object: {
          id: checkout.payment_intent_id ?? '',
          amount: checkout.amount_cents,
          metadata: { checkout_id: checkout._id },
          last_payment_error: outcome.ok ? null : { code: outcome.code, message: outcome.message },
        },
      },
    });
    return toCheckoutDto(await this.owned(actor, checkoutId));
  }

  /** Applies a provider event once (by its id); success and failure are announced from here. */
  async applyProviderEvent(event: ProviderEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    try {
      await this.events.create({ _id: event.id, type: event.type, received_at: new Date() });
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return 'duplicate';
      throw err;
    }
    const intent = event.data.object;
    const checkoutId = intent.metadata?.checkout_id;
    if (!checkoutId || !['payment_intent.succeeded', 'payment_intent.payment_failed'].includes(event.type)) return 'ignored';
    let outcome: 'applied' | 'ignored' = 'ignored';
    await this.relay.locked(this.checkouts, checkoutId, async () => {
      const checkout = await this.checkouts.findById(checkoutId);
      if (!checkout || checkout.status === 'succeeded') return;
      if (event.type === 'payment_intent.succeeded') {
        // No amount, another amount or another intent is no proof of payment: refused, no orders.
        const otherIntent = !!checkout.payment_intent_id && intent.id !== checkout.payment_intent_id;
        if (typeof intent.amount !== 'number' || intent.amount !== checkout.amount_cents || otherIntent) {
          this.log.error(`checkout ${checkoutId}: paid ${String(intent.amount)} but owes ${checkout.amount_cents}; not creating orders`);
          return;
        }
        checkout.status = 'succeeded';
        checkout.last_error = null;
        recordEvent(checkout, PaymentsEvents.paymentSucceeded, {
          checkout_id: checkout._id,
          consumer_id: checkout.consumer_id,
          amount_cents: checkout.amount_cents,
          payment_intent_id: intent.id,
          lines: checkout.lines,
        });
      } else {
        checkout.last_error = intent.last_payment_error?.message ?? PAYMENT_MESSAGES.paymentError;
        recordEvent(checkout, PaymentsEvents.paymentFailed, {
          checkout_id: checkout._id,
          consumer_id: checkout.consumer_id,
          reason: checkout.last_error,
        });
      }
      await checkout.save();
      outcome = 'applied';
    });
    this.relay.kick();
    return outcome;
  }

  /** A cancelled order is refunded exactly its amount, once (idempotent at the provider too). */
  async refundOrder(envelope: Envelope<{ order_id: string; checkout_id: string; total_cents: number }>): Promise<void> {
    const { order_id: orderId, checkout_id: checkoutId, total_cents: amount } = envelope.data;
    if (await this.refunds.exists({ _id: orderId })) return;
    const checkout = await this.checkouts.findById(checkoutId, { _outbox: 0 }).lean<Checkout>();
    if (!checkout || checkout.status !== 'succeeded' || !checkout.payment_intent_id) return;
    const refund = await this.provider.refund({
      payment_intent_id: checkout.payment_intent_id,
      amount_cents: amount,
      idempotency_key: `refund-order-${orderId}`,
    });
    const doc = new this.refunds({
      _id: orderId,
      checkout_id: checkoutId,
      amount_cents: amount,
      provider_refund_id: refund.id,
      refunded_at: new Date(),
    });
    recordEvent(
      doc,
      PaymentsEvents.refundIssued,
      { refund_id: refund.id, order_id: orderId, checkout_id: checkoutId, amount_cents: amount },
      causedBy(envelope),
    );
    try {
      await this.relay.save(this.refunds, doc);
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  }
}
