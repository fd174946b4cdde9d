import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  IdentityRpc,
  OrderingEvents,
  OrderingRpc,
  PICKUP_ADDRESS_VISIBLE_STATUSES,
  PickupRpc,
  RECEIPT_MESSAGES,
  splitOrder,
  type Actor,
  type ReceiptDto,
  type VatRegime,
} from '@popote/contracts';
import { RpcClient, insertOnce, PLATFORM_CONFIG } from '@popote/platform';
import type { z } from 'zod';
import { Checkout, CheckoutsStore, Refund } from '../checkouts/checkout.schema';
import type { PaymentsConfig } from '../config';

import { contributionOfOrder } from '../checkouts/checkout.mapper';
import { renderPdf } from './receipt-pdf';
import { Receipt, ReceiptSeries, ReceiptsStore } from './receipt.schema';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/** A short, stable code per cook for document numbers (cook ids are long and may be names). */
export const cookCode = (cookId: string) => createHash('sha256').update(cookId).digest('hex').slice(0, 8).toUpperCase();
export const receiptNumber = (r: Pick<Receipt, 'cook_id' | 'number'>, prefix: 'R' | 'C' = 'R') =>
  `${prefix}-${cookCode(r.cook_id)}-${String(r.number).padStart(6, '0')}`;

/** The VAT mention; with a rate, a delivery fee is said to be inside it (an accessory cost, ADR 0044). */
export const vatMention = (regime: VatRegime | undefined, feeCents = 0): string | null =>
  !regime
    ? null
    : regime === 'franchise'
      ? RECEIPT_MESSAGES.vatFranchise
      : `${RECEIPT_MESSAGES.vatRate(regime.replace('.', ','))}${feeCents ? RECEIPT_MESSAGES.vatDeliveryFee : ''}`;

@Injectable()
export class ReceiptsService {
  private readonly log = new Logger('Receipts');

  constructor(
    private readonly store: ReceiptsStore,
    private readonly checkouts: CheckoutsStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Issues the order's receipt with the cook's next number. Called only by the sales worker of the
   * cook's partition (one event at a time across replicas), so "last number + 1" has one writer; a
   * redelivered event finds its receipt; the unique (cook, number) index refuses an overlap.
   */
  async issue(
    order: OrderPlaced,
    issuedAt: Date,
    paidWith?: Pick<Checkout, 'lines' | 'commission_bp' | 'discounts'> | null,
  ): Promise<void> {
    // No look-up first: a redelivery's insert meets its receipt (duplicate `_id`) and stops there.
    const checkout =
      paidWith !== undefined
        ? paidWith
        : await this.checkouts.checkouts.findById(order.checkout_id, { lines: 1, commission_bp: 1, discounts: 1 }).lean<Checkout>();
    const bp = checkout?.commission_bp ?? this.config.commissionBp;
    // The order's discounts (ADR 0045): the platform's part is paid to the cook and commissioned.
    const discounts = (checkout?.discounts ?? []).filter((d) => d.cook_id === order.cook_id);
    const contribution = contributionOfOrder(checkout, order.cook_id);
    // No commission on a delivery fee (ADR 0044).
    const split = splitOrder(order.total_cents + contribution, order.delivery_fee_cents ?? 0, bp);
    // A number already taken means the series was behind (a crash between a receipt and its series):
    // the next one is tried, so the numbering has neither gap nor duplicate.
    for (let number = (await this.lastNumber(order.cook_id)) + 1; ; number++) {
      const issued = await insertOnce(() =>
        this.store.receipts.create({
          _id: order.order_id,
          cook_id: order.cook_id,
          number,
          consumer_id: order.consumer_id,
          checkout_id: order.checkout_id,
          cook_name: checkout?.lines.find((l) => l.cook_id === order.cook_id)?.cook_name ?? '',
          lines: order.items.map((i) => ({ name: i.name ?? '', quantity: i.quantity, unit_price_cents: i.price_cents })),
          pickup_start: order.pickup_start ? new Date(order.pickup_start) : null,
          pickup_end: order.pickup_end ? new Date(order.pickup_end) : null,
          total_cents: order.total_cents,
          delivery_fee_cents: order.delivery_fee_cents ?? 0,
          delivery_option: order.delivery_option ?? 'pickup',
          discount_cents: discounts.reduce((n, d) => n + d.cents, 0),
          discount_name: discounts.map((d) => d.name).join(' + ') || null,
          discount_funder: discounts.length ? (discounts.some((d) => d.funder === 'cook') ? 'cook' : 'platform') : null,
          platform_contribution_cents: contribution,
          commission_bp: bp,
          ...split,
          issued_at: issuedAt,
        }),
      );
      if (!issued) {
        if (await this.store.receipts.exists({ _id: order.order_id })) return; // issued meanwhile (a redelivery)
        continue;
      }
      await this.store.receiptSeries.updateOne({ _id: order.cook_id }, { $max: { last: number } }, { upsert: true });
      return;
    }
  }

  /** The cook's last receipt number: the series (one point read), or, before it existed, the receipts themselves once. */
  private async lastNumber(cookId: string): Promise<number> {
    const series = await this.store.receiptSeries.findById(cookId).lean<ReceiptSeries>();
    if (series) return series.last;
    const [last] = await this.store.receipts.find({ cook_id: cookId }, { number: 1 }).sort({ number: -1 }).limit(1).lean<Receipt[]>();
    return last?.number ?? 0;
  }

  private async owned(actor: Actor, orderId: string): Promise<Receipt> {
    const receipt = await this.store.receipts.findById(orderId).lean<Receipt>();
    if (!receipt || (receipt.consumer_id !== actor.user_id && receipt.cook_id !== actor.user_id))
      throw new DomainError('NOT_FOUND', RECEIPT_MESSAGES.notFound);
    if (receipt.cook_legal) return receipt;
    // The seller's mentions as they stand when the receipt is first shown; kept from then on.
    const legal = await this.rpc.call(IdentityRpc.cookLegal, { cook_id: receipt.cook_id });
    const cookLegal = {
      name: legal?.name || receipt.cook_name,
      siret: legal?.siret ?? null,
      vat_regime: legal?.vat_regime ?? ('' as const),
    };
    await this.store.receipts.updateOne({ _id: orderId, cook_legal: null }, { $set: { cook_legal: cookLegal } });
    return {
      ...receipt,
      cook_legal: (await this.store.receipts.findById(orderId, { cook_legal: 1 }).lean<Receipt>())?.cook_legal ?? cookLegal,
    };
  }

  /** The receipt, with the refund of its order when one was made, and where and when to pick it up. */
  private async dto(actor: Actor, orderId: string): Promise<ReceiptDto> {
    const receipt = await this.owned(actor, orderId);
    const [refund, pickup] = await Promise.all([
      this.checkouts.refunds.findById(orderId, { status: 1, refunded_at: 1, amount_cents: 1 }).lean<Refund>(),
      this.pickupOf(receipt),
    ]);
    return { ...toReceiptDto(receipt, refund?.status === 'made' ? refund : null), ...pickup };
  }

  /**
   * The pick-up slot as it stands (the cook may have moved it) and the place, as the order card
   * shows them: the commune always, the street once the cook confirmed the order. If
   * ordering does not answer, the slot the order was paid with, and the commune only.
   */
  private async pickupOf(receipt: Receipt): Promise<Pick<ReceiptDto, 'pickup_start' | 'pickup_end' | 'pickup_place'>> {
    // A delivery is not fetched at the cook's: their address has no place on its receipt (ADR 0044).
    const delivered = receipt.delivery_option === 'delivery';
    const [order, address] = await Promise.all([
      this.rpc
        .call(OrderingRpc.ordersById, { order_ids: [receipt._id] })
        .then((r) => r.items[0] ?? null)
        .catch((err: Error) => {
          this.log.warn(`receipt ${receipt._id}: order not read (${err.message}); the slot paid for is shown`);
          return null;
        }),
      delivered
        ? null
        : this.rpc
            .call(PickupRpc.pickupAddresses, { cook_ids: [receipt.cook_id] })
            .then((r) => r.items[0]?.address ?? null)
            .catch((err: Error) => {
              this.log.warn(`receipt ${receipt._id}: pick-up address not read (${err.message})`);
              return null;
            }),
    ]);
    let start = order?.pickup_start ?? (receipt.pickup_start ? new Date(receipt.pickup_start).toISOString() : null);
    let end = order?.pickup_end ?? (receipt.pickup_end ? new Date(receipt.pickup_end).toISOString() : null);
    if (!start) {
      // Receipts issued before they stored the slot: the checkout's.
      const checkout = await this.checkouts.checkouts.findById(receipt.checkout_id, { slots: 1 }).lean<Checkout>();
      const slot = checkout?.slots?.find((s) => s.cook_id === receipt.cook_id);
      start = slot?.start ?? null;
      end = slot?.end ?? null;
    }
    const confirmed = !!order && PICKUP_ADDRESS_VISIBLE_STATUSES.includes(order.order_status);
    return {
      pickup_start: start,
      pickup_end: end,
      pickup_place: address ? { street: confirmed ? address.street : null, postcode: address.postcode, city: address.city } : null,
    };
  }

  get(actor: Actor, orderId: string): Promise<ReceiptDto> {
    return this.dto(actor, orderId);
  }

  async pdf(actor: Actor, orderId: string, document: 'receipt' | 'commission_invoice') {
    const receipt = await this.dto(actor, orderId);
    // The commission invoice is the platform's bill to the cook: not the consumer's to see.
    if (document === 'commission_invoice' && receipt.cook_id !== actor.user_id)
      throw new DomainError('NOT_FOUND', RECEIPT_MESSAGES.notFound);
    const number = document === 'receipt' ? receipt.number : receipt.commission_invoice_number;
    const pdf = await renderPdf(receipt, document);
    return { filename: `popote-${number}.pdf`, pdf_base64: pdf.toString('base64') };
  }
}

/** `refund`: the order's refund once made (its date and amount), else null. */
export const toReceiptDto = (r: Receipt, refund: Pick<Refund, 'refunded_at' | 'amount_cents'> | null = null): ReceiptDto => ({
  order_id: r._id,
  number: receiptNumber(r),
  commission_invoice_number: receiptNumber(r, 'C'),
  issued_at: new Date(r.issued_at).toISOString(),
  cook_id: r.cook_id,
  cook_name: r.cook_legal?.name || r.cook_name,
  cook_siret: r.cook_legal?.siret ?? null,
  vat_mention: vatMention(r.cook_legal?.vat_regime, r.delivery_fee_cents ?? 0),
  consumer_id: r.consumer_id,
  lines: r.lines,
  total_cents: r.total_cents,
  delivery_fee_cents: r.delivery_fee_cents ?? 0,
  delivery_option: r.delivery_option === 'delivery' ? 'delivery' : 'pickup',
  discount_cents: r.discount_cents ?? 0,
  discount_name: r.discount_name ?? null,
  discount_funder: r.discount_funder ?? null,
  platform_contribution_cents: r.platform_contribution_cents ?? 0,
  commission_percent: r.commission_bp / 100,
  commission_cents: r.commission_cents,
  cook_cents: r.cook_cents,
  refunded_at: refund?.refunded_at ? new Date(refund.refunded_at).toISOString() : null,
  refunded_cents: refund ? refund.amount_cents : null,
  pickup_start: r.pickup_start ? new Date(r.pickup_start).toISOString() : null,
  pickup_end: r.pickup_end ? new Date(r.pickup_end).toISOString() : null,
  pickup_place: null,
});
