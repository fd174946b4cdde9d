import { Injectable } from '@nestjs/common';
import { IdentityRpc, OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, RpcClient, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { EmailsService } from '../mail/emails.service';
import { statusEmail } from '../mail/templates';

type StatusChanged = z.infer<typeof OrderingEvents.orderStatusChanged.schema>;

/** The consumer hears about confirmation, readiness and cancellation of their order. */
@Injectable()
@EventHandler(OrderingEvents.orderStatusChanged)
export class OrderStatusChangedHandler implements IntegrationEventHandler<StatusChanged> {
  constructor(
    private readonly rpc: RpcClient,
    private readonly emails: EmailsService,
  ) {}

  async handle(envelope: Envelope<StatusChanged>): Promise<void> {
    const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: [envelope.data.consumer_id] });
    const consumer = users[0];
    if (!consumer) return;
    const mail = statusEmail(consumer.name, envelope.data.order_id, envelope.data.to);
    if (mail)
      await this.emails.enqueue(`${envelope.id}:${consumer.user_id}`, { to: consumer.email, account_id: consumer.user_id, ...mail });
  }
}
