import { Inject, Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, PLATFORM_CONFIG, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { newOrderPush } from '../alerts/alert-texts';
import { AlertsFanOut, keyByCause } from '../alerts/fan-out.service';
import type { NotificationsConfig } from '../config';
import { EmailsService, RECIPIENT_NAME } from '../mail/emails.service';
import { newOrderEmail, orderPlacedEmail } from '../mail/templates';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/**
 * For each new order the cook receives an email listing the dishes and a push on the devices they
 * allowed, and the consumer a confirmation email (the FAQ promises one after each order). One
 * delivery of the event does all three, each once per event (idempotent: the queued email's id is
 * the event's and the person's, the push is keyed by the event). The emails are addressed to the
 * accounts: their addresses and names are read when the mail queue sends them, a batch at a time.
 */
@Injectable()
@EventHandler(OrderingEvents.orderPlaced, { idempotent: true })
export class OrderPlacedHandler implements IntegrationEventHandler<OrderPlaced> {
  constructor(
    private readonly emails: EmailsService,
    private readonly fanOut: AlertsFanOut,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  async handle(envelope: Envelope<OrderPlaced>): Promise<void> {
    const { order_id: orderId, cook_id: cookId, consumer_id: consumerId, total_cents: total, items } = envelope.data;
    const { pickup_start: start, pickup_end: end } = envelope.data;
    const slot = start && end ? { start, end } : null;
    const portions = items.reduce((n, i) => n + i.quantity, 0);
    const push = newOrderPush(orderId, portions, total, slot);
    await this.fanOut.toPeople([cookId], { ...push, kind: 'order_updates', cause: envelope.id, about: orderId }, keyByCause(envelope.id));
    const about = { order_id: orderId };
    await this.emails.enqueueFor(
      `${envelope.id}:${cookId}`,
      cookId,
      newOrderEmail(RECIPIENT_NAME, orderId, total, items, slot, envelope.data.delivery_option),
      about,
    );
    const receiptUrl = `${this.config.PUBLIC_URL}/orders/${encodeURIComponent(orderId)}/receipt`;
    const cookName = envelope.data.cook_name ?? null;
    const mail = orderPlacedEmail(RECIPIENT_NAME, orderId, total, items, cookName, slot, receiptUrl, envelope.data.delivery_option);
    await this.emails.enqueueFor(`${envelope.id}:consumer:${consumerId}`, consumerId, mail, about);
  }
}
