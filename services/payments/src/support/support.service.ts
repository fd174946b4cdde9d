import { Injectable } from '@nestjs/common';
import type { FailedPayoutDto, StoryEntry, SupportRefundDto } from '@popote/contracts';
import { CheckoutsStore, type Checkout, type Refund } from '../checkouts/checkout.schema';
import { PayoutsStore, type Payout } from '../payouts/payouts.schema';
import { ReceiptsStore, type Receipt } from '../receipts/receipt.schema';
import { receiptNumber } from '../receipts/receipts.service';
import { paymentsStory, toFailedPayoutDto } from './payments-story';
import { toSupportRefundDto } from './support-refunds.service';

/** How many failed payouts of each kind are read (then sorted here, newest first): failures are rare. */
const FAILED_READ = 500;
const FAILED_SHOWN = 100;

/** What the console reads from payments: an order's part of its story, and the payouts that failed. */
@Injectable()
export class SupportService {
  constructor(
    private readonly checkouts: CheckoutsStore,
    private readonly receipts: ReceiptsStore,
    private readonly payouts: PayoutsStore,
  ) {}

  /** Three point reads by id. */
  async orderStory(
    orderId: string,
    checkoutId: string,
  ): Promise<{ entries: StoryEntry[]; refund: SupportRefundDto | null; receipt_number: string | null }> {
    const [checkout, receipt, refund] = await Promise.all([
      this.checkouts.checkouts.findById(checkoutId, { _outbox: 0, client_secret: 0 }).lean<Checkout>(),
      this.receipts.receipts.findById(orderId).lean<Receipt>(),
      this.checkouts.refunds.findById(orderId, { _outbox: 0 }).lean<Refund>(),
    ]);
    return {
      entries: paymentsStory(checkout, receipt, refund),
      refund: refund ? toSupportRefundDto(refund) : null,
      receipt_number: receipt ? receiptNumber(receipt) : null,
    };
  }

  /** Refused or reversed payouts (status `failed`), and paid ones whose bank payout failed; newest first. */
  async failedPayouts(): Promise<FailedPayoutDto[]> {
    const [refused, bank] = await Promise.all([
      this.payouts.payouts.find({ status: 'failed' }).limit(FAILED_READ).lean<Payout[]>(),
      this.payouts.payouts.find({ bank_failed: true }).limit(FAILED_READ).lean<Payout[]>(),
    ]);
    return [...refused, ...bank]
      .sort((a, b) => +new Date(b.updated_at) - +new Date(a.updated_at))
      .slice(0, FAILED_SHOWN)
      .map(toFailedPayoutDto);
  }
}
