import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { StockService } from '../stock/stock.service';

type OrderCancelled = z.infer<typeof OrderingEvents.orderCancelled.schema>;

/** A cancelled order gives its portions back (only if they had been taken; once). */
@Injectable()
@EventHandler(OrderingEvents.orderCancelled, { serial: true })
export class OrderCancelledHandler implements IntegrationEventHandler<OrderCancelled> {
  constructor(private readonly stock: StockService) {}

  async handle(envelope: Envelope<OrderCancelled>): Promise<void> {
    await this.stock.restock(envelope.data.order_id, envelope.data.items);
  }
}
