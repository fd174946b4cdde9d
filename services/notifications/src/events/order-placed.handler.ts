import { Injectable } from '@nestjs/common';
import { IdentityRpc, OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, RpcClient, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { EmailsService } from '../mail/emails.service';
import { newOrderEmail } from '../mail/templates';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;

/** A cook receives an email for each new order (queued once per event). */
@Injectable()
@EventHandler(OrderingEvents.orderPlaced)
export class OrderPlacedHandler implements IntegrationEventHandler<OrderPlaced> {
  constructor(
    private readonly rpc: RpcClient,
    private readonly emails: EmailsService,
  ) {}

  async handle(envelope: Envelope<OrderPlaced>): Promise<void> {
    const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: [envelope.data.cook_id] });
    const cook = users[0];
    if (!cook) return;
    const mail = newOrderEmail(cook.name, envelope.data.order_id, envelope.data.total_cents, envelope.data.items);
    await this.emails.enqueue(`${envelope.id}:${cook.user_id}`, { to: cook.email, ...mail });
  }
}
