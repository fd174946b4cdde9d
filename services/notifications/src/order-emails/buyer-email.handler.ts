import { Injectable } from '@nestjs/common';
import type { Envelope } from '@popote/contracts';
import type { IntegrationEventHandler } from '@popote/platform';
import { EmailsService } from '../mail/emails.service';

/**
 * An email to an order's buyer for an event: queued once per event (idempotent: the email's id is the
 * event's and the buyer's), addressed to the account when it is sent, recorded under its order (the
 * support console lists an order's emails). A handler says which email.
 */
@Injectable()
export abstract class BuyerEmailHandler<T extends { consumer_id: string; order_id: string }> implements IntegrationEventHandler<T> {
  /** The email the event sends the buyer, its text naming them RECIPIENT_NAME; null when the event is not worth one. */
  protected abstract readonly mail: (data: T) => { subject: string; text: string } | null;

  constructor(private readonly emails: EmailsService) {}

  async handle(envelope: Envelope<T>): Promise<void> {
    const buyer = envelope.data.consumer_id;
    const mail = this.mail(envelope.data);
    if (mail) await this.emails.enqueueFor(`${envelope.id}:${buyer}`, buyer, mail, { order_id: envelope.data.order_id });
  }
}
