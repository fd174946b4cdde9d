import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { RefundsService } from '../checkouts/refunds.service';
import { LedgerService } from '../payouts/ledger.service';

type OrderCancelled = z.infer<typeof OrderingEvents.orderCancelled.schema>;

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
