import { Injectable } from '@nestjs/common';
import { OrderingEvents } from '@popote/contracts';
import { PartitionedHandler, type PartitionedEvent, type PartitionedEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { AdMeasurementService } from '../advertising/ad-measurement.service';
import { type Checkout, CheckoutsStore } from '../checkouts/checkout.schema';
import { LedgerService } from '../payouts/ledger.service';
import { ReceiptsService } from '../receipts/receipts.service';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/**
 * A placed (paid) order is a sale in its cook's ledger, and gets its receipt: `sale:<order>` and `commission:<order>`,
 * pending until the order is picked up (ADR 0007). Runs on the cook's partition, one event at a time
 * (the receipts' numbers are allocated here, in order, without gaps). Money: retried for hours.
 * The same delivery counts the order for the campaigns whose card its buyer clicked within 7 days
 * (ADR 0020; once per campaign and order id, so a redelivery counts nothing twice).
 */
@Injectable()
@PartitionedHandler([OrderingEvents.orderPlaced], { name: 'sales', retry: 'hours' })
export class SalesWorkerHandler implements PartitionedEventHandler {
  constructor(
    private readonly ledger: LedgerService,
    private readonly receipts: ReceiptsService,
    private readonly store: CheckoutsStore,
    private readonly ads: AdMeasurementService,
  ) {}

  async handle(event: PartitionedEvent): Promise<void> {
    if (event.contract.subject !== OrderingEvents.orderPlaced.subject) return;
    const data = event.envelope.data as OrderPlaced;
    // The checkout it was paid with, read once for both: the commission rate fixed then, the delivery fee, the cook's name.
    const checkout = await this.store.checkouts
      .findById(data.checkout_id, { commission_bp: 1, lines: 1, slots: 1, discounts: 1 })
      .lean<Checkout>();
    await this.ledger.orderPlaced(data, checkout);
    await this.receipts.issue(data, new Date(event.envelope.occurred_at), checkout);
    await this.ads.attribute(data, new Date(event.envelope.occurred_at));
  }
}
