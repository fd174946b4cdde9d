import { Injectable } from '@nestjs/common';
import { CatalogueEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import { OrdersService } from '../orders/orders.service';

@Injectable()
@EventHandler(CatalogueEvents.stockCommitted, { retry: 'hours' })
export class StockCommittedHandler implements IntegrationEventHandler<{ order_id: string; checkout_id: string }> {
  constructor(private readonly orders: OrdersService) {}

  async handle(envelope: Envelope<{ order_id: string; checkout_id: string }>): Promise<void> {
    await this.orders.stockCommitted(envelope.data.order_id);
  }
}
