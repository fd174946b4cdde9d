import { Injectable } from '@nestjs/common';
import { CatalogueEvents, OrderingEvents, type Envelope } from '@popote/contracts';
import { PartitionedHandler, type PartitionedEvent, type PartitionedEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { MealRatingsService } from '../stock/meal-ratings.service';
import { StockService } from '../stock/stock.service';

type ReviewSubmitted = z.infer<typeof OrderingEvents.reviewSubmitted.schema>;
type ReviewRemoved = z.infer<typeof OrderingEvents.reviewRemoved.schema>;

/**
 * The per-cook stock worker (ADR 0004): orders placed and cancelled, the cook's portion edits,
 * reviews, in stream order per cook partition, in parallel across partitions and replicas.
 * Money depends on it, so a failure is retried for hours before it is dead-lettered.
 */
@Injectable()
@PartitionedHandler(
  [
    OrderingEvents.orderPlaced,
    OrderingEvents.orderCancelled,
    CatalogueEvents.stockAdjustRequested,
    OrderingEvents.reviewSubmitted,
    OrderingEvents.reviewRemoved,
  ],
  { name: 'stock', retry: 'hours' },
)
export class StockWorkerHandler implements PartitionedEventHandler {
  constructor(
    private readonly stock: StockService,
    private readonly ratings: MealRatingsService,
  ) {}

  async handle(event: PartitionedEvent): Promise<void> {
    // Reviews touch only the meals' ratings (no cook's lock); every other event moves the stock.
    if (event.contract.subject === OrderingEvents.reviewSubmitted.subject)
      await this.ratings.add((event.envelope as Envelope<ReviewSubmitted>).data, event.seq);
    else if (event.contract.subject === OrderingEvents.reviewRemoved.subject)
      await this.ratings.remove((event.envelope as Envelope<ReviewRemoved>).data, event.seq);
    else await this.stock.apply(event);
  }
}
