import { Injectable } from '@nestjs/common';
import { PaymentsEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import { SlotsService } from '../slots/slots.service';

type PaymentFailed = { checkout_id: string; cook_ids: string[] };

/** A failed payment gives its held pick-up slots back (ADR 0008). Re-applying is harmless. */
@Injectable()
@EventHandler(PaymentsEvents.paymentFailed)
export class PaymentFailedHandler implements IntegrationEventHandler<PaymentFailed> {
  constructor(private readonly slots: SlotsService) {}

  async handle(envelope: Envelope<PaymentFailed>): Promise<void> {
    await this.slots.releaseCheckout(envelope.data.checkout_id, envelope.data.cook_ids ?? []);
  }
}
