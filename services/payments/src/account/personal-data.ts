import { Injectable } from '@nestjs/common';
import { ACCOUNT_MESSAGES, AD_MESSAGES, ERASED_NAME, exportPage, OrderingRpc, type PersonalDataExport } from '@popote/contracts';
import { newestFirstSection, orderIdOf, OutboxRelay, RpcClient, type PersonalDataProvider } from '@popote/platform';
import { AdvertisingStore } from '../advertising/advertising.schema';
import { Checkout, CheckoutsStore, Refund } from '../checkouts/checkout.schema';
import { LedgerService } from '../payouts/ledger.service';
import { PayoutsStore } from '../payouts/payouts.schema';
import { ReceiptsStore } from '../receipts/receipt.schema';
import { PromotionsPersonalData } from '../promotions/promotions.personal-data';

/**
 * Payments' part of the account lifecycle. Checkouts and refunds are accounting records
 * (kept 10 years): they hold no name, email or card number (the provider keeps the card), only the
 * user's id — an anonymous tombstone once identity has erased the account. Erasure drops what is
 * left that could act for the person (the payment's client secret) and provider error texts.
 * A cook's ledger entries, payouts and receipts are accounting records too: kept under
 * the tombstone id, the name and SIRET printed on receipts replaced. An erasure waits while a
 * payout is in flight or money is still owed to the cook (available balance above zero), and while
 * a payment is under way.
 */
@Injectable()
export class PaymentsPersonalData implements PersonalDataProvider {
  constructor(
    private readonly store: CheckoutsStore,
    private readonly payouts: PayoutsStore,
    private readonly receipts: ReceiptsStore,
    private readonly ads: AdvertisingStore,
    private readonly ledger: LedgerService,
    private readonly relay: OutboxRelay,
    private readonly rpc: RpcClient,
    private readonly promotions: PromotionsPersonalData,
  ) {}

  /**
   * Why the account cannot be erased now (French), from payments' side: a payout in flight or money
   * owed to the cook; a payment under way (a checkout being paid, or reserved and payable until its
   * reservation ends); a paid checkout whose orders ordering has not created yet (identity asks
   * ordering after payments, so a payment is seen here or as an order there).
   */
  async blockers(userId: string): Promise<string[]> {
    const [flying, balances, paying, paid, sold, advertising] = await Promise.all([
      this.payouts.payoutsInFlight.findById(userId).lean(),
      this.ledger.balances(userId),
      this.store.checkouts
        .find({ consumer_id: userId, status: { $in: ['processing', 'requires_payment_method'] } }, { status: 1, reserved_until: 1 })
        .lean<Pick<Checkout, 'status' | 'reserved_until'>[]>(),
      this.store.checkouts
        .find({ consumer_id: userId, reconcile_pending: true }, { _id: 1, lines: 1 })
        .lean<Pick<Checkout, '_id' | 'lines'>[]>(),
      this.store.checkouts
        .find({ reconcile_pending: true, 'lines.cook_id': userId }, { _id: 1, lines: 1 })
        .lean<Pick<Checkout, '_id' | 'lines'>[]>(),
      // A campaign not closed yet still holds the cook's money (its unspent part comes back at the close).
      this.ads.campaigns.exists({ cook_id: userId, settled: false }),
    ]);
    const now = Date.now();
    const payable = paying.some(
      (c) => c.status === 'processing' || (c.reserved_until !== null && new Date(c.reserved_until).getTime() > now),
    );
    const expected = (checkouts: Pick<Checkout, '_id' | 'lines'>[], cook?: string) =>
      checkouts.flatMap((c) =>
        [...new Set(c.lines.map((l) => l.cook_id))].filter((k) => !cook || k === cook).map((k) => orderIdOf(c._id, k)),
      );
    const [buyerOrdersMissing, cookOrdersMissing] = await Promise.all([
      this.missingOrders(expected(paid)),
      this.missingOrders(expected(sold, userId)),
    ]);
    return [
      ...(payable || buyerOrdersMissing ? [ACCOUNT_MESSAGES.erasureBlockedPayment] : []),
      ...(cookOrdersMissing ? [ACCOUNT_MESSAGES.erasureBlockedCookPayment] : []),
      ...(advertising ? [AD_MESSAGES.erasureBlocked] : []),
      ...(flying || balances.available_cents > 0 ? [ACCOUNT_MESSAGES.erasureBlockedPayout] : []),
    ];
  }

  /** Whether ordering has not created some of these orders yet (paid, still on their way). */
  private async missingOrders(orderIds: string[]): Promise<boolean> {
    for (let i = 0; i < orderIds.length; i += 100) {
      const chunk = orderIds.slice(i, i + 100);
      const { items } = await this.rpc.call(OrderingRpc.ordersById, { order_ids: chunk });
      if (items.length < chunk.length) return true;
    }
    return false;
  }

  /**
   * One page of the person's part of their export, newest first: a cook's ledger and receipts, a
   * buyer's payments, grow with every order and do not fit one NATS message.
   */
  export(userId: string, cursor: string | null): Promise<PersonalDataExport> {
    const payments = (projection: Record<string, number>) =>
      newestFirstSection(this.store.checkouts, 'payments', { consumer_id: userId }, { projection });
    return exportPage(
      [
        payments({ _outbox: 0, _outbox_pending: 0, client_secret: 0, reconcile_next_at: 0, reconcile_checks: 0 }),
        {
          // The refunds of each payment, payment by payment (they share its key: never split across pages).
          name: 'refunds',
          list: async (after, limit) => {
            const page = await payments({ _id: 1, created_at: 1 }).list(after, limit);
            const keyOf = new Map(page.items.map((i) => [(i.value as Checkout)._id, i.key]));
            const refunds = keyOf.size
              ? await this.store.refunds
                  // The refund's amount, origin and reason are the buyer's; which operator and which console request are not.
                  .find({ checkout_id: { $in: [...keyOf.keys()] } }, { _outbox: 0, _outbox_pending: 0, operator_id: 0, request_id: 0 })
                  .sort({ _id: 1 })
                  .lean<Refund[]>()
              : [];
            const items = page.items.flatMap(({ key }) =>
              refunds.filter((r) => keyOf.get(r.checkout_id) === key).map((r) => ({ key, value: r as unknown })),
            );
            return { items, next: page.next };
          },
        },
        newestFirstSection(this.receipts.receipts, 'receipts', { consumer_id: userId }, { field: 'issued_at' }),
        newestFirstSection(this.receipts.receipts, 'receipts-as-cook', { cook_id: userId }, { field: 'issued_at' }),
        newestFirstSection(this.payouts.ledgerEntries, 'ledger-entries', { cook_id: userId }),
        newestFirstSection(this.payouts.payouts, 'payouts', { cook_id: userId }),
        newestFirstSection(this.ads.campaigns, 'ad-campaigns', { cook_id: userId, status: { $ne: 'failed' } }),
        newestFirstSection(this.ads.adClicks, 'sponsored-dishes-opened', { user_id: userId }),
        { name: 'payout-account', whole: () => this.payouts.payoutAccounts.findById(userId).lean() },
        // A cook's promotions (ADR 0045) and the codes the person used as a buyer.
        { name: 'promotions', whole: () => this.promotions.section(userId) },
      ],
      cursor,
    );
  }

  async erase(userId: string): Promise<void> {
    // A cook's name copied on the lines of their customers' checkouts.
    const sold = await this.store.checkouts
      .find({ 'lines.cook_id': userId }, { _id: 1, lines: 1 })
      .lean<Pick<Checkout, '_id' | 'lines'>[]>()
      .then((docs) => docs.filter((d) => d.lines.some((l) => l.cook_id === userId && l.cook_name !== ERASED_NAME)));
    for (const { _id } of sold) {
      await this.relay.change(this.store.checkouts, _id, async () => {
        const doc = await this.store.checkouts.findById(_id).lean<Checkout>();
        if (!doc) return;
        const lines = doc.lines.map((l) => (l.cook_id === userId ? { ...l, cook_name: ERASED_NAME } : l));
        await this.store.checkouts.updateOne({ _id }, { $set: { lines } });
      });
    }
    // Receipts the cook issued: kept for accounting, without the seller's name and SIRET.
    const issued = await this.receipts.receipts
      .find({ cook_id: userId, cook_name: { $ne: ERASED_NAME } }, { _id: 1 })
      .lean<{ _id: string }[]>();
    for (const { _id } of issued) {
      await this.receipts.receipts.updateOne(
        { _id },
        { $set: { cook_name: ERASED_NAME, cook_legal: { name: ERASED_NAME, siret: null, vat_regime: '' } } },
      );
    }
    const ids = await this.store.checkouts
      .find(
        {
          consumer_id: userId,
          $or: [
            { client_secret: { $ne: null } },
            { last_error: { $ne: null } },
            { consumer_name: { $nin: [ERASED_NAME, null, ''] } },
            { delivery_address: { $ne: null } },
          ],
        },
        { _id: 1 },
      )
      .lean<{ _id: string }[]>();
    for (const { _id } of ids) {
      // The buyer's name carried to the order, and where a delivery went (ADR 0044), go with the rest.
      await this.relay.change(this.store.checkouts, _id, () =>
        this.store.checkouts.updateOne(
          { _id },
          { $set: { client_secret: null, last_error: null, consumer_name: ERASED_NAME, delivery_address: null } },
        ),
      );
    }
    await this.store.openCheckouts.deleteOne({ _id: userId });
    await this.promotions.erase(userId);
    await this.forgetViewer(userId);
  }

  /**
   * The sponsored dishes the person opened in the last 7 days: kept as counts under their salted
   * key, without the person's id. (Displays never hold an id; their keys' salt goes when the day closes.)
   */
  private async forgetViewer(userId: string): Promise<void> {
    await this.ads.adClicks.updateMany({ user_id: userId }, { $set: { user_id: null } });
  }
}
