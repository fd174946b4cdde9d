import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { EmailsService, RECIPIENT_NAME } from '../mail/emails.service';
import { pickupReminderEmail, slotMovedEmail } from '../mail/templates';

type ReminderDue = z.infer<typeof OrderingEvents.pickupReminderDue.schema>;

/** An hour before the pick-up slot, the buyer is reminded (queued once per event: the email's id is the event's). */
@Injectable()
@EventHandler(OrderingEvents.pickupReminderDue, { idempotent: true })
export class PickupReminderHandler implements IntegrationEventHandler<ReminderDue> {
  constructor(private readonly emails: EmailsService) {}

  async handle(envelope: Envelope<ReminderDue>): Promise<void> {
    const { consumer_id: consumerId, order_id: orderId, cook_name: cookName, pickup_start: start, pickup_end: end } = envelope.data;
    const mail = pickupReminderEmail(RECIPIENT_NAME, orderId, cookName, { start, end });
    await this.emails.enqueueFor(`${envelope.id}:${consumerId}`, consumerId, mail);
  }
}

type SlotMoved = z.infer<typeof OrderingEvents.pickupSlotMoved.schema>;

/** The cook moved the slot: the buyer is told (queued once per event: the email's id is the event's). */
@Injectable()
@EventHandler(OrderingEvents.pickupSlotMoved, { idempotent: true })
export class PickupSlotMovedHandler implements IntegrationEventHandler<SlotMoved> {
  constructor(private readonly emails: EmailsService) {}

  async handle(envelope: Envelope<SlotMoved>): Promise<void> {
    const { consumer_id: consumerId, order_id: orderId, cook_name: cookName, pickup_start: start, pickup_end: end } = envelope.data;
    const mail = slotMovedEmail(RECIPIENT_NAME, orderId, cookName, { start, end });
    await this.emails.enqueueFor(`${envelope.id}:${consumerId}`, consumerId, mail);
  }
}
