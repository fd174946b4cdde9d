import { Injectable } from '@nestjs/common';
import { IdentityRpc, OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, RpcClient, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { EmailsService } from '../mail/emails.service';
import { pickupReminderEmail, slotMovedEmail } from '../mail/templates';

type ReminderDue = z.infer<typeof OrderingEvents.pickupReminderDue.schema>;

/** An hour before the pick-up slot, the buyer is reminded (queued once per event). */
@Injectable()
@EventHandler(OrderingEvents.pickupReminderDue)
export class PickupReminderHandler implements IntegrationEventHandler<ReminderDue> {
  constructor(
    private readonly rpc: RpcClient,
    private readonly emails: EmailsService,
  ) {}

  async handle(envelope: Envelope<ReminderDue>): Promise<void> {
    const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: [envelope.data.consumer_id] });
    const consumer = users[0];
    if (!consumer) return;
    const { order_id: orderId, cook_name: cookName, pickup_start: start, pickup_end: end } = envelope.data;
    const mail = pickupReminderEmail(consumer.name, orderId, cookName, { start, end });
    await this.emails.enqueue(`${envelope.id}:${consumer.user_id}`, { to: consumer.email, account_id: consumer.user_id, ...mail });
  }
}

type SlotMoved = z.infer<typeof OrderingEvents.pickupSlotMoved.schema>;

/** The cook moved the slot: the buyer is told (queued once per event). */
@Injectable()
@EventHandler(OrderingEvents.pickupSlotMoved)
export class PickupSlotMovedHandler implements IntegrationEventHandler<SlotMoved> {
  constructor(
    private readonly rpc: RpcClient,
    private readonly emails: EmailsService,
  ) {}

  async handle(envelope: Envelope<SlotMoved>): Promise<void> {
    const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: [envelope.data.consumer_id] });
    const consumer = users[0];
    if (!consumer) return;
    const { order_id: orderId, cook_name: cookName, pickup_start: start, pickup_end: end } = envelope.data;
    const mail = slotMovedEmail(consumer.name, orderId, cookName, { start, end });
    await this.emails.enqueue(`${envelope.id}:${consumer.user_id}`, { to: consumer.email, account_id: consumer.user_id, ...mail });
  }
}
