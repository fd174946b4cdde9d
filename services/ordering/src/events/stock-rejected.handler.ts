import { Injectable } from '@nestjs/common';
import { CatalogueEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import { OrdersService } from '../orders/orders.service';

/**
 * Not enough portions (someone else bought the last ones): the order is cancelled and refunded.
 * Idempotent: only an order whose stock is still pending is rejected, under the order's lock.
 */
@Injectable()
@EventHandler(CatalogueEvents.stockRejected, { retry: 'hours', idempotent: true })
export class StockRejectedHandler implements IntegrationEventHandler<{ order_id: string; checkout_id: string }> {
  constructor(private readonly orders: OrdersService) {}

  async handle(envelope: Envelope<{ order_id: string; checkout_id: string }>): Promise<void> {
    await this.orders.stockRejected(envelope);
  }
}
