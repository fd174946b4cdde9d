import { Injectable } from '@nestjs/common';
import { DomainError, euros, OrderingRpc, SUPPORT_REFUND_MESSAGES, type SupportRefundDto } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { CheckoutsStore, type Refund } from '../checkouts/checkout.schema';
import { RefundsService } from '../checkouts/refunds.service';
import { LedgerService } from '../payouts/ledger.service';

export const toSupportRefundDto = (r: Refund): SupportRefundDto => ({
  order_id: r._id,
  amount_cents: r.amount_cents,
  status: r.status,
  origin: r.origin ?? 'cancelled',
  operator_id: r.operator_id ?? null,
  reason: r.reason ?? null,
  refunded_at: r.refunded_at ? new Date(r.refunded_at).toISOString() : null,
});

/**
 * Support refunds a picked-up order, whole or in part, exactly once. The order has one
 * refund at most (`refunds._id` = order id, whoever makes it): this one is recorded `due` with its
 * amount, operator, reason and the console's request id before the provider is asked; the provider's
 * refund is keyed by the order; the ledger's two entries by the order too. So a retried request (the
 * same request id) completes the same refund, a second request or a second operator at the same time
 * is refused, and a crash anywhere leaves a `due` refund that the retry completes — never a second one.
 * An open order is not refunded here: it is cancelled, which refunds it in full (order-cancelled).
 */
@Injectable()
export class SupportRefundsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly checkouts: CheckoutsStore,
    private readonly refunds: RefundsService,
    private readonly ledger: LedgerService,
  ) {}

  async refund(req: {
    operator_id: string;
    request_id: string;
    order_id: string;
    amount_cents: number;
    reason: string;
  }): Promise<SupportRefundDto> {
    const {
      items: [order],
    } = await this.rpc.call(OrderingRpc.ordersById, { order_ids: [req.order_id] });
    if (!order) throw new DomainError('NOT_FOUND', SUPPORT_REFUND_MESSAGES.notFound);
    if (order.order_status !== 'delivered') throw new DomainError('CONFLICT', SUPPORT_REFUND_MESSAGES.pickedUpOnly);
    if (req.amount_cents > order.total_cents)
      throw new DomainError('VALIDATION_FAILED', SUPPORT_REFUND_MESSAGES.overTotal(euros(order.total_cents)));

    const mine = (r: Refund | null) => !!r && r.origin === 'support' && r.request_id === req.request_id;
    let recorded = await this.checkouts.refunds.findById(req.order_id, { _outbox: 0 }).lean<Refund>();
    if (!recorded) {
      await this.checkouts.refunds
        .updateOne(
          { _id: req.order_id },
          {
            $setOnInsert: {
              checkout_id: order.checkout_id,
              amount_cents: req.amount_cents,
              status: 'due',
              origin: 'support',
              operator_id: req.operator_id,
              reason: req.reason,
              request_id: req.request_id,
              _outbox: [],
              _outbox_pending: false,
            },
          },
          { upsert: true },
        )
        .catch((err: { code?: number }) => {
          if (err.code !== 11000) throw err; // another request inserted it first: read below
        });
      recorded = await this.checkouts.refunds.findById(req.order_id, { _outbox: 0 }).lean<Refund>();
    }
    if (!mine(recorded)) throw new DomainError('CONFLICT', SUPPORT_REFUND_MESSAGES.alreadyRefunded(euros(recorded!.amount_cents)));

    const outcome = await this.refunds.refundOrder({
      order_id: order.order_id,
      checkout_id: order.checkout_id,
      total_cents: req.amount_cents,
    });
    const after = await this.refunds.refundOf(order.order_id);
    if (outcome === 'skipped' && after?.status !== 'made') throw new DomainError('CONFLICT', SUPPORT_REFUND_MESSAGES.notPaid);
    await this.ledger.refundedAfterPickUp(order, after!.amount_cents);
    return toSupportRefundDto(after!);
  }
}
