import { Injectable } from '@nestjs/common';
import { OrderingEvents } from '@popote/contracts';
import { PartitionedHandler, type PartitionedEvent, type PartitionedEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { LedgerService } from '../payouts/ledger.service';
import { ReceiptsService } from '../receipts/receipts.service';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/**
 * A placed (paid) order is a sale in its cook's ledger, and gets its receipt: `sale:<order>` and `commission:<order>`,
 * pending until the order is picked up (ADR 0007). Runs on the cook's partition, one event at a time
 * (the receipts' numbers are allocated here, in order, without gaps). Money: retried for hours.
 */
@Injectable()
@PartitionedHandler([OrderingEvents.orderPlaced], { name: 'sales', retry: 'hours' })
export class SalesWorkerHandler implements PartitionedEventHandler {
  constructor(
    private readonly ledger: LedgerService,
    private readonly receipts: ReceiptsService,
  ) {}

  async handle(event: PartitionedEvent): Promise<void> {
    if (event.contract.subject !== OrderingEvents.orderPlaced.subject) return;
    const data = event.envelope.data as OrderPlaced;
    await this.ledger.orderPlaced(data);
    await this.receipts.issue(data, new Date(event.envelope.occurred_at));
  }
}
