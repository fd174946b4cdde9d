import { Injectable } from '@nestjs/common';
import { OrderingEvents } from '@popote/contracts';
import { EventHandler } from '@popote/platform';
import type { z } from 'zod';
import { RECIPIENT_NAME } from '../mail/emails.service';
import { pickupReminderEmail, slotMovedEmail } from '../mail/templates';
import { BuyerEmailHandler } from './buyer-email.handler';

type ReminderDue = z.infer<typeof OrderingEvents.pickupReminderDue.schema>;
type SlotMoved = z.infer<typeof OrderingEvents.pickupSlotMoved.schema>;

/** An email about the pick-up slot of the buyer's order, from the event that names it. */
const aboutSlot = (email: typeof pickupReminderEmail) => (d: ReminderDue | SlotMoved) =>
  email(RECIPIENT_NAME, d.order_id, d.cook_name, { start: d.pickup_start, end: d.pickup_end }, d.delivery_option);

/** An hour before the pick-up slot, the buyer is reminded (queued once per event: the email's id is the event's). */
@Injectable()
@EventHandler(OrderingEvents.pickupReminderDue, { idempotent: true })
export class PickupReminderHandler extends BuyerEmailHandler<ReminderDue> {
  protected readonly mail = aboutSlot(pickupReminderEmail);
}

/** The cook moved the slot: the buyer is told (queued once per event: the email's id is the event's). */
@Injectable()
@EventHandler(OrderingEvents.pickupSlotMoved, { idempotent: true })
export class PickupSlotMovedHandler extends BuyerEmailHandler<SlotMoved> {
  protected readonly mail = aboutSlot(slotMovedEmail);
}
