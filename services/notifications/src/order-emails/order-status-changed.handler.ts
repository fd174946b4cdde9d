import { Injectable } from '@nestjs/common';
import { OrderingEvents } from '@popote/contracts';
import { EventHandler } from '@popote/platform';
import type { z } from 'zod';
import { RECIPIENT_NAME } from '../mail/emails.service';
import { statusEmail } from '../mail/templates';
import { BuyerEmailHandler } from './buyer-email.handler';

type StatusChanged = z.infer<typeof OrderingEvents.orderStatusChanged.schema>;

/** The consumer hears about confirmation, readiness and cancellation of their order (once per event: the email's id is the event's). */
@Injectable()
@EventHandler(OrderingEvents.orderStatusChanged, { idempotent: true })
export class OrderStatusChangedHandler extends BuyerEmailHandler<StatusChanged> {
  protected readonly mail = (d: StatusChanged) => statusEmail(RECIPIENT_NAME, d.order_id, d.to, d.delivery_option);
}
