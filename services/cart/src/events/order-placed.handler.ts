import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { CartsService } from '../carts/carts.service';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/** What was bought leaves the buyer's cart; lines added since stay. Applied once per order (idempotent: the cart keeps its recent order ids). */
@Injectable()
@EventHandler(OrderingEvents.orderPlaced, { idempotent: true })
export class OrderPlacedHandler implements IntegrationEventHandler<OrderPlaced> {
  constructor(private readonly carts: CartsService) {}

  async handle(envelope: Envelope<OrderPlaced>): Promise<void> {
    await this.carts.dropBought(envelope.data.consumer_id, envelope.data.order_id, envelope.data.items);
  }
}
