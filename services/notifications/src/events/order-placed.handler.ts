import { Inject, Injectable } from '@nestjs/common';
import { IdentityRpc, OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, RpcClient, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { newOrderPush } from '../alerts/alert-texts';
import { AlertsFanOut, keyByCause } from '../alerts/fan-out.service';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { EmailsService } from '../mail/emails.service';
import { newOrderEmail, orderPlacedEmail } from '../mail/templates';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/**
 * For each new order the cook receives an email listing the dishes and a push on the devices they
 * allowed, and the consumer a confirmation email (the FAQ promises one after each order). One
 * delivery of the event does all three, each once per event (idempotent: the queued email's id is
 * the event's and the person's, the push is keyed by the event).
 */
@Injectable()
@EventHandler(OrderingEvents.orderPlaced, { idempotent: true })
export class OrderPlacedHandler implements IntegrationEventHandler<OrderPlaced> {
  constructor(
    private readonly rpc: RpcClient,
    private readonly emails: EmailsService,
    private readonly fanOut: AlertsFanOut,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  async handle(envelope: Envelope<OrderPlaced>): Promise<void> {
    const { order_id: orderId, cook_id: cookId, consumer_id: consumerId, total_cents: total, items } = envelope.data;
    const { pickup_start: start, pickup_end: end } = envelope.data;
    const slot = start && end ? { start, end } : null;
    const portions = items.reduce((n, i) => n + i.quantity, 0);
    const push = newOrderPush(orderId, portions, total, slot);
    await this.fanOut.toPeople([cookId], { ...push, kind: 'order_updates', cause: envelope.id, about: orderId }, keyByCause(envelope.id));
    const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: [cookId, consumerId] });
    const cook = users.find((u) => u.user_id === cookId);
    const consumer = users.find((u) => u.user_id === consumerId);
    if (cook) {
      const mail = newOrderEmail(cook.name, orderId, total, items, slot);
      await this.emails.enqueue(`${envelope.id}:${cook.user_id}`, { to: cook.email, account_id: cook.user_id, ...mail });
    }
    if (consumer) {
      const receiptUrl = `${this.config.PUBLIC_URL}/orders/${encodeURIComponent(orderId)}/receipt`;
      const mail = orderPlacedEmail(consumer.name, orderId, total, items, cook?.username ?? null, slot, receiptUrl);
      await this.emails.enqueue(`${envelope.id}:consumer:${consumer.user_id}`, {
        to: consumer.email,
        account_id: consumer.user_id,
        ...mail,
      });
    }
  }
}
