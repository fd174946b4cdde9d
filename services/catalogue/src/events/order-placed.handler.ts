import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { StockService } from '../stock/stock.service';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/** Takes the order's portions from the stock. Serial: one order at a time across replicas. */
@Injectable()
@EventHandler(OrderingEvents.orderPlaced, { serial: true })
export class OrderPlacedHandler implements IntegrationEventHandler<OrderPlaced> {
  constructor(private readonly stock: StockService) {}

  async handle(envelope: Envelope<OrderPlaced>): Promise<void> {
    await this.stock.applyOrder(envelope);
  }
}
