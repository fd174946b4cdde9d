import { Injectable } from '@nestjs/common';
import { CatalogueEvents, OrderingEvents } from '@popote/contracts';
import { PartitionedHandler, type PartitionedEvent, type PartitionedEventHandler } from '@popote/platform';
import { StockService } from '../stock/stock.service';

/**
 * The per-cook stock worker (ADR 0004): orders placed and cancelled, the cook's portion edits,
 * reviews, in stream order per cook partition, in parallel across partitions and replicas.
 * Money depends on it, so a failure is retried for hours before it is dead-lettered.
 */
@Injectable()
@PartitionedHandler(
  [OrderingEvents.orderPlaced, OrderingEvents.orderCancelled, CatalogueEvents.stockAdjustRequested, OrderingEvents.reviewSubmitted],
  { name: 'stock', retry: 'hours' },
)
export class StockWorkerHandler implements PartitionedEventHandler {
  constructor(private readonly stock: StockService) {}

  async handle(event: PartitionedEvent): Promise<void> {
    await this.stock.apply(event);
  }
}
