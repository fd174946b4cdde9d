import { Injectable } from '@nestjs/common';
import { PaymentsEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { OrdersService } from '../orders/orders.service';

type PaymentSucceeded = z.infer<typeof PaymentsEvents.paymentSucceeded.schema>;

/** A paid checkout becomes one order per cook (idempotent: order ids derive from checkout and cook, created once). */
@Injectable()
@EventHandler(PaymentsEvents.paymentSucceeded, { retry: 'hours', idempotent: true })
export class PaymentSucceededHandler implements IntegrationEventHandler<PaymentSucceeded> {
  constructor(private readonly orders: OrdersService) {}

  async handle(envelope: Envelope<PaymentSucceeded>): Promise<void> {
    await this.orders.placeFromCheckout(envelope);
  }
}
