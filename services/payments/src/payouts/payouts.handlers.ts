import { Injectable } from '@nestjs/common';
import { OrderingEvents, OrderingRpc, type Envelope } from '@popote/contracts';
import { EventHandler, RpcClient, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { RefundsService } from '../checkouts/refunds.service';
import { LedgerService } from './ledger.service';

type OrderCancelled = z.infer<typeof OrderingEvents.orderCancelled.schema>;
type StatusChanged = z.infer<typeof OrderingEvents.orderStatusChanged.schema>;

// The classes' names are their durable consumers' (payments-OrderCancelled, payments-OrderPickedUp): kept.

/**
 * A cancelled (paid) order is refunded its own amount, once, and its sale is reversed in the cook's
 * ledger (`refund:<order>`, `commission_reversal:<order>`: an order is cancelled only before pick-up).
 */
@Injectable()
@EventHandler(OrderingEvents.orderCancelled, { retry: 'hours' })
export class OrderCancelledHandler implements IntegrationEventHandler<OrderCancelled> {
  constructor(
    private readonly refunds: RefundsService,
    private readonly ledger: LedgerService,
  ) {}

  async handle(envelope: Envelope<OrderCancelled>): Promise<void> {
    await this.refunds.refundOrder(envelope.data, envelope);
    await this.ledger.orderCancelled(envelope.data);
  }
}

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
