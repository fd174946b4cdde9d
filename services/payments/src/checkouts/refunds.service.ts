import { feeOfOrder } from '../payouts/ledger.service';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_MESSAGES, PaymentsEvents, type Envelope } from '@popote/contracts';
import { causedBy, orderIdOf, OutboxRelay, recordEvent } from '@popote/platform';
import { PromotionHolds } from '../promotions/promotion-holds.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/provider';
import { Checkout, CheckoutsStore, Refund } from './checkout.schema';
import { may } from './checkout-states';

/**
 * The money paid back: a payment that came too late (no orders), and a cancelled order's amount.
 * Each refund once, at the provider (keyed) and in the store. Used by `CheckoutsService` (a late
 * payment), the order-cancelled handler, the reconciliation sweep and the cook's refund of a
 * picked-up order.
 */
@Injectable()
export class RefundsService {
  // The checkouts' logger: these lines read as they did when the refunds were in CheckoutsService.
  private readonly log = new Logger('Checkouts');

  constructor(
    private readonly store: CheckoutsStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly relay: OutboxRelay,
    private readonly promotions: PromotionHolds,
  ) {}

  /**
   * A payment that came too late (LATE_PAYMENT_GRACE_MS) is refunded in full, once: the provider's
   * refund is keyed on the intent (a redelivered event, or a crash before the record, refunds
   * nothing more), then the checkout records it and can no longer be renewed or paid.
   */
  async refundLate(
    checkoutId: string,
    paid: { intent: string; amount: number },
    saved?: (checkout: Checkout) => void,
  ): Promise<'applied' | 'ignored'> {
    this.log.warn(`checkout ${checkoutId}: paid after its reservation ended; refunding ${paid.amount}`);
    const refund = await this.provider.refund({
      payment_intent_id: paid.intent,
      amount_cents: paid.amount,
      idempotency_key: `refund-late-${paid.intent}`,
    });
    return this.relay.change(this.store.checkouts, checkoutId, async () => {
      const checkout = await this.store.checkouts.findById(checkoutId);
      if (!checkout || !may('pay_late', checkout)) return 'ignored' as const;
      checkout.late_refund_id = refund.id;
      checkout.last_error = PAYMENT_MESSAGES.paidTooLate;
      checkout.reserved_until = null;
      await checkout.save();
      saved?.(checkout.toObject());
      return 'applied' as const;
    });
  }

  /**
   * An order is refunded once (idempotent at the provider too): `total_cents` is the amount to give
   * back — the order's total when it is cancelled or refunded by its cook, a part of it when support
   * says so (SupportRefundsService records that refund `due` first, with its origin). A refund already
   * recorded is made with its recorded amount, whatever a later call asks.
   */
  async refundOrder(
    data: { order_id: string; checkout_id: string; total_cents: number; cook_id?: string },
    cause?: Envelope,
    origin: 'cancelled' | 'cook' = 'cancelled',
  ): Promise<'made' | 'skipped'> {
    const { order_id: orderId, checkout_id: checkoutId } = data;
    const existing = await this.store.refunds.findById(orderId, { status: 1, amount_cents: 1, origin: 1 }).lean<Refund>();
    if (existing && existing.status !== 'due') {
      // Made already; its promotion's use given back if a crash came in between.
      if (existing.origin !== 'support') await this.giveUseBack(checkoutId, orderId);
      return 'skipped';
    }
    const checkout = await this.store.checkouts.findById(checkoutId, { _outbox: 0 }).lean<Checkout>();
    if (!checkout || !may('refund_order', checkout) || !checkout.payment_intent_id) return 'skipped';
    // A cook's refund after a delivery gives back the food, not the trip; a cancellation gives back everything (ADR 0044).
    const fee = origin === 'cook' && data.cook_id ? feeOfOrder(checkout, data.cook_id) : 0;
    let amount = existing?.amount_cents ?? data.total_cents - fee;
    if (!existing) {
      // Two upserts of one id at once: one inserts, the other matches it or fails on the duplicate key.
      const inserted = await this.store.refunds
        .updateOne(
          { _id: orderId },
          {
            $setOnInsert: {
              checkout_id: checkoutId,
              amount_cents: amount,
              status: 'due',
              origin,
              operator_id: null,
              reason: null,
              request_id: null,
              _outbox: [],
              _outbox_pending: false,
            },
          },
          { upsert: true },
        )
        .catch((err: { code?: number }) => {
          if (err.code === 11000) return { upsertedCount: 0 };
          throw err;
        });
      // Recorded meanwhile by another caller (a support refund of a part): its amount is the one to make.
      if (!inserted.upsertedCount)
        amount = (await this.store.refunds.findById(orderId, { amount_cents: 1 }).lean<Refund>())?.amount_cents ?? amount;
    }
    const refund = await this.provider.refund({
      payment_intent_id: checkout.payment_intent_id,
      amount_cents: amount,
      idempotency_key: `refund-order-${orderId}`,
    });
    let recordedOrigin = origin as Refund['origin'];
    const made = await this.relay.change(this.store.refunds, orderId, async () => {
      const doc = await this.store.refunds.findById(orderId);
      if (!doc || doc.status === 'made') return 'skipped' as const;
      recordedOrigin = doc.origin ?? 'cancelled';
      doc.status = 'made';
      doc.provider_refund_id = refund.id;
      doc.refunded_at = new Date();
      recordEvent(
        doc,
        PaymentsEvents.refundIssued,
        {
          refund_id: refund.id,
          order_id: orderId,
          checkout_id: checkoutId,
          amount_cents: doc.amount_cents,
          origin: doc.origin ?? 'cancelled',
          reason: doc.reason ?? null,
          consumer_id: checkout.consumer_id,
        },
        cause ? causedBy(cause) : undefined,
      );
      await doc.save();
      return 'made' as const;
    });
    // A whole order given back (cancelled, or all its dishes refunded by its cook) gives its
    // promotion's use back, once (ADR 0045); a support refund, whole or part, keeps it.
    if ((recordedOrigin as Refund['origin']) !== 'support') await this.giveUseBack(checkoutId, orderId, checkout);
    return made;
  }

  /** The use of the cook's promotion on this order, given back once (a full refund, ADR 0045). */
  private async giveUseBack(checkoutId: string, orderId: string, read?: Pick<Checkout, 'discounts'>): Promise<void> {
    const checkout = read ?? (await this.store.checkouts.findById(checkoutId, { discounts: 1 }).lean<Checkout>());
    const discount = (checkout?.discounts ?? []).find((d) => d.funder === 'cook' && orderIdOf(checkoutId, d.cook_id) === orderId);
    if (discount) await this.promotions.giveBack(checkoutId, discount);
  }

  /** The refund of an order, made or due. */
  refundOf(orderId: string): Promise<Refund | null> {
    return this.store.refunds.findById(orderId, { _outbox: 0 }).lean<Refund>();
  }
}
