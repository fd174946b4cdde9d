import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { EmailsService, RECIPIENT_NAME } from '../mail/emails.service';
import { statusEmail } from '../mail/templates';

type StatusChanged = z.infer<typeof OrderingEvents.orderStatusChanged.schema>;

/** The consumer hears about confirmation, readiness and cancellation of their order (once per event: the email's id is the event's). */
@Injectable()
@EventHandler(OrderingEvents.orderStatusChanged, { idempotent: true })
export class OrderStatusChangedHandler implements IntegrationEventHandler<StatusChanged> {
  constructor(private readonly emails: EmailsService) {}

  async handle(envelope: Envelope<StatusChanged>): Promise<void> {
    const { consumer_id: consumerId, order_id: orderId, to } = envelope.data;
    const mail = statusEmail(RECIPIENT_NAME, orderId, to);
    if (mail) await this.emails.enqueueFor(`${envelope.id}:${consumerId}`, consumerId, mail);
  }
}
