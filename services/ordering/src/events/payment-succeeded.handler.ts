import { Injectable } from '@nestjs/common';
import { PaymentsEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { OrdersService } from '../orders/orders.service';

type PaymentSucceeded = z.infer<typeof PaymentsEvents.paymentSucceeded.schema>;

/** A paid checkout becomes one order per cook. */
@Injectable()
@EventHandler(PaymentsEvents.paymentSucceeded, { retry: 'hours' })
export class PaymentSucceededHandler implements IntegrationEventHandler<PaymentSucceeded> {
  constructor(private readonly orders: OrdersService) {}

  async handle(envelope: Envelope<PaymentSucceeded>): Promise<void> {
    await this.orders.placeFromCheckout(envelope);
  }
}
