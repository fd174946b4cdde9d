import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectModel } from '@nestjs/mongoose';
import {
  ACCOUNT_MESSAGES,
  AccountEvents,
  ERASED_NAME,
  erasureBlockersRpc,
  exportPersonalDataRpc,
  type Envelope,
  type PersonalDataExport,
} from '@popote/contracts';
import { EventHandler, OutboxRelay, parseRequest, type IntegrationEventHandler } from '@popote/platform';
import type { Model } from 'mongoose';
import type { z } from 'zod';
import { Checkout, OpenCheckout, Refund } from '../checkouts/checkout.schema';
import { LedgerService } from '../payouts/ledger.service';
import { LedgerEntry, Payout, PayoutAccount, PayoutInFlight } from '../payouts/payouts.schema';
import { Receipt } from '../receipts/receipt.schema';

type ErasureRequested = z.infer<typeof AccountEvents.erasureRequested.schema>;

/**
 * Payments' part of the account lifecycle (issue 18). Checkouts and refunds are accounting records
 * (kept 10 years): they hold no name, email or card number (the provider keeps the card), only the
 * user's id — an anonymous tombstone once identity has erased the account. Erasure drops what is
 * left that could act for the person (the payment's client secret) and provider error texts.
 * A cook's ledger entries, payouts and receipts (issue 16) are accounting records too: kept under
 * the tombstone id, the name and SIRET printed on receipts replaced. An erasure waits while a
 * payout is in flight or money is still owed to the cook (available balance above zero).
 */
@Injectable()
export class PaymentsPersonalData {
  constructor(
    @InjectModel(Checkout.name) private readonly checkouts: Model<Checkout>,
    @InjectModel(OpenCheckout.name) private readonly openCheckouts: Model<OpenCheckout>,
    @InjectModel(Refund.name) private readonly refunds: Model<Refund>,
    @InjectModel(LedgerEntry.name) private readonly ledgerEntries: Model<LedgerEntry>,
    @InjectModel(Payout.name) private readonly payouts: Model<Payout>,
    @InjectModel(PayoutAccount.name) private readonly payoutAccounts: Model<PayoutAccount>,
    @InjectModel(PayoutInFlight.name) private readonly inFlight: Model<PayoutInFlight>,
    @InjectModel(Receipt.name) private readonly receipts: Model<Receipt>,
    private readonly ledger: LedgerService,
    private readonly relay: OutboxRelay,
  ) {}

  /** Why the account cannot be erased now (French), from payments' side. */
  async erasureBlockers(userId: string): Promise<string[]> {
    const [flying, balances] = await Promise.all([this.inFlight.findById(userId).lean(), this.ledger.balances(userId)]);
    return flying || balances.available_cents > 0 ? [ACCOUNT_MESSAGES.erasureBlockedPayout] : [];
  }

  async export(userId: string): Promise<PersonalDataExport> {
    const checkouts = await this.checkouts
      .find({ consumer_id: userId }, { _outbox: 0, _outbox_pending: 0, client_secret: 0, reconcile_next_at: 0, reconcile_checks: 0 })
      .sort({ created_at: -1 })
      .lean<Checkout[]>();
    const refunds = checkouts.length
      ? await this.refunds.find({ checkout_id: { $in: checkouts.map((c) => c._id) } }, { _outbox: 0, _outbox_pending: 0 }).lean()
      : [];
    const [receipts, sales, ledger, payouts, payoutAccount] = await Promise.all([
      this.receipts.find({ consumer_id: userId }).sort({ issued_at: -1 }).lean(),
      this.receipts.find({ cook_id: userId }).sort({ issued_at: -1 }).lean(),
      this.ledgerEntries.find({ cook_id: userId }).sort({ created_at: -1, _id: 1 }).lean(),
      this.payouts.find({ cook_id: userId }).sort({ created_at: -1 }).lean(),
      this.payoutAccounts.findById(userId).lean(),
    ]);
    return {
      sections: {
        payments: checkouts,
        refunds,
        receipts,
        'receipts-as-cook': sales,
        'ledger-entries': ledger,
        payouts,
        'payout-account': payoutAccount,
      },
      media_keys: [],
    };
  }

  async erase(userId: string): Promise<void> {
    // A cook's name copied on the lines of their customers' checkouts.
    const sold = await this.checkouts
      .find({ 'lines.cook_id': userId }, { _id: 1, lines: 1 })
      .lean<Pick<Checkout, '_id' | 'lines'>[]>()
      .then((docs) => docs.filter((d) => d.lines.some((l) => l.cook_id === userId && l.cook_name !== ERASED_NAME)));
    for (const { _id } of sold) {
      await this.relay.locked(this.checkouts, _id, async () => {
        const doc = await this.checkouts.findById(_id).lean<Checkout>();
        if (!doc) return;
        const lines = doc.lines.map((l) => (l.cook_id === userId ? { ...l, cook_name: ERASED_NAME } : l));
        await this.checkouts.updateOne({ _id }, { $set: { lines } });
      });
    }
    // Receipts the cook issued: kept for accounting, without the seller's name and SIRET.
    const issued = await this.receipts.find({ cook_id: userId, cook_name: { $ne: ERASED_NAME } }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of issued) {
      await this.receipts.updateOne(
        { _id },
        { $set: { cook_name: ERASED_NAME, cook_legal: { name: ERASED_NAME, siret: null, vat_regime: '' } } },
      );
    }
    const ids = await this.checkouts
      .find(
        {
          consumer_id: userId,
          $or: [{ client_secret: { $ne: null } }, { last_error: { $ne: null } }, { consumer_name: { $nin: [ERASED_NAME, null, ''] } }],
        },
        { _id: 1 },
      )
      .lean<{ _id: string }[]>();
    for (const { _id } of ids) {
      // The buyer's name carried to the order (issue 17) goes with the rest.
      await this.relay.locked(this.checkouts, _id, () =>
        this.checkouts.updateOne({ _id }, { $set: { client_secret: null, last_error: null, consumer_name: ERASED_NAME } }),
      );
    }
    await this.openCheckouts.deleteOne({ _id: userId });
  }
}

@Controller()
export class PaymentsAccountRpcController {
  constructor(private readonly personalData: PaymentsPersonalData) {}

  @MessagePattern(erasureBlockersRpc('payments').subject)
  async erasureBlockers(@Payload() payload: unknown) {
    return { reasons: await this.personalData.erasureBlockers(parseRequest(erasureBlockersRpc('payments'), payload).user_id) };
  }

  @MessagePattern(exportPersonalDataRpc('payments').subject)
  exportPersonalData(@Payload() payload: unknown) {
    return this.personalData.export(parseRequest(exportPersonalDataRpc('payments'), payload).actor.user_id);
  }
}

@Injectable()
@EventHandler(AccountEvents.erasureRequested)
export class AccountErasureHandler implements IntegrationEventHandler<ErasureRequested> {
  constructor(private readonly personalData: PaymentsPersonalData) {}

  async handle(envelope: Envelope<ErasureRequested>): Promise<void> {
    await this.personalData.erase(envelope.data.user_id);
  }
}
