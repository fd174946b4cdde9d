import { Injectable } from '@nestjs/common';
import { OrderingEvents, OrderingRpc, type Envelope } from '@popote/contracts';
import { EventHandler, RpcClient, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { LedgerService } from '../payouts/ledger.service';

type StatusChanged = z.infer<typeof OrderingEvents.orderStatusChanged.schema>;

/**
 * An order picked up ('Récupérée') makes its cook's share available for payout: `release:<order>`.
 * The status event carries no amount: the order's total and checkout come from ordering.
 */
@Injectable()
@EventHandler(OrderingEvents.orderStatusChanged, { retry: 'hours' })
export class OrderPickedUpHandler implements IntegrationEventHandler<StatusChanged> {
  constructor(
    private readonly ledger: LedgerService,
    private readonly rpc: RpcClient,
  ) {}

  async handle(envelope: Envelope<StatusChanged>): Promise<void> {
    if (envelope.data.to !== 'delivered') return;
    const {
      items: [order],
    } = await this.rpc.call(OrderingRpc.ordersById, { order_ids: [envelope.data.order_id] });
    if (!order) throw new Error(`order ${envelope.data.order_id} not found at ordering yet`);
    await this.ledger.orderPickedUp(order);
  }
}
