import { Inject, Injectable, Logger } from '@nestjs/common';
import { OrderingRpc, UNATTENDED_AFTER_MS } from '@popote/contracts';
import { findByIds, orderIdOf, PeriodicJob, RpcClient, serviceGauge, PLATFORM_CONFIG } from '@popote/platform';
import type { PaymentsConfig } from '../config';
import { Checkout, CheckoutsStore, Refund } from './checkout.schema';
import { CheckoutsService } from './checkouts.service';
import { RefundsService } from './refunds.service';

export interface SweepOutcome {
  checked: number;
  reannounced: number;
  refunded: number;
  settled: number;
  /** Orders still open a week after their slot, closed by ordering at this pass (UNATTENDED_AFTER_MS). */
  closed: number;
  /** Paid more than OVERDUE_AFTER_MS ago and still not settled (orders nobody closed, money stuck). */
  overdue: number;
}

/** A paid checkout not settled two weeks after its payment is looked at by a person (runbook). */
export const OVERDUE_AFTER_MS = 14 * 24 * 3_600_000;

/** Set by every sweep: paid checkouts still not settled OVERDUE_AFTER_MS after their payment. */
export const reconcileOverdue = serviceGauge(
  'popote_reconcile_overdue_checkouts',
  'Paid checkouts not settled (orders not all picked up or refunded) two weeks after their payment',
);

/**
 * Money never stuck (ADR 0004): a periodic sweep over paid checkouts not yet settled. For each, it
 * asks ordering for the orders the checkout must have become (one per cook; ids derive from checkout
 * and cook): missing ones → payment-succeeded is announced again; cancelled ones without a refund
 * made → the refund is made (same idempotency key, so never twice). A checkout is settled once all
 * its orders exist and are delivered or cancelled-and-refunded; until then it is checked again with
 * a growing delay (1 min … 6 h). Every replica may sweep: each step is idempotent.
 */
@Injectable()
export class ReconciliationService {
  private readonly log = new Logger('Reconciliation');
  private running?: Promise<SweepOutcome>;

  constructor(
    private readonly store: CheckoutsStore,
    private readonly service: CheckoutsService,
    private readonly refundsService: RefundsService,
    private readonly rpc: RpcClient,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  /** One pass (also called by tests and `./popote` tooling). Overlapping calls share the pass. */
  @PeriodicJob<PaymentsConfig>({ name: 'reconciliation', everyMs: (c) => c.RECONCILE_INTERVAL_MS })
  sweep(now = new Date()): Promise<SweepOutcome> {
    this.running ??= this.pass(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(now: Date): Promise<SweepOutcome> {
    const after = this.config.RECONCILE_AFTER_MS;
    // Due ones only (index `{reconcile_pending, reconcile_next_at}`): checkouts waiting for a slot next
    // week, or never marked picked up, no longer fill the batch ahead of a newer one that is due. A
    // checkout paid before the due date was set at payment (null) is read and judged by its age.
    const candidates = await this.store.checkouts
      .find(
        { reconcile_pending: true, $or: [{ reconcile_next_at: { $lte: now } }, { reconcile_next_at: null }] },
        { _id: 1, lines: 1, updated_at: 1, reconcile_next_at: 1, reconcile_checks: 1 },
      )
      .limit(500)
      .lean<Checkout[]>();
    const due = candidates.filter((c) => +(c.reconcile_next_at ?? new Date(+new Date(c.updated_at) + after)) <= +now);
    const outcome: SweepOutcome = { checked: 0, reannounced: 0, refunded: 0, settled: 0, closed: 0, overdue: 0 };
    // Overdue ones (a range FerretDB filters after reading the pending ones by equality): a metric to
    // alert on, and an error line naming them.
    const overdue = await this.store.checkouts
      .find({ reconcile_pending: true, created_at: { $lt: new Date(+now - OVERDUE_AFTER_MS) } }, { _id: 1 })
      .limit(100)
      .lean<Pick<Checkout, '_id'>[]>();
    outcome.overdue = overdue.length;
    reconcileOverdue.set(overdue.length);
    if (overdue.length)
      this.log.error(`${overdue.length} paid checkout(s) not settled two weeks after payment: ${overdue.map((c) => c._id).join(', ')}`);
    for (const checkout of due) {
      outcome.checked++;
      const cooks = [...new Set(checkout.lines.map((l) => l.cook_id))];
      const expected = cooks.map((cook) => orderIdOf(checkout._id, cook));
      const { items: orders } = await this.rpc.call(OrderingRpc.ordersById, { order_ids: expected });
      let settled = orders.length === expected.length;
      // Open a week after its slot ended (the cook never confirmed it, or nobody marked it picked up):
      // ordering closes it by its rule, and this pass goes on with the order as closed.
      const unattended = orders.filter(
        (o) =>
          !['delivered', 'cancelled'].includes(o.order_status) && !!o.pickup_end && +new Date(o.pickup_end) + UNATTENDED_AFTER_MS <= +now,
      );
      if (unattended.length) {
        const { closed } = await this.rpc.call(OrderingRpc.closeUnattended, { order_ids: unattended.map((o) => o.order_id) });
        for (const c of closed) {
          const order = orders.find((o) => o.order_id === c.order_id);
          if (order) order.order_status = c.to;
        }
        outcome.closed += closed.length;
        if (closed.length)
          this.log.warn(
            `checkout ${checkout._id}: ${closed.map((c) => `${c.order_id} → ${c.to}`).join(', ')} (open a week after its slot)`,
          );
      }
      if (orders.length < expected.length) {
        this.log.warn(`checkout ${checkout._id} paid ${expected.length - orders.length} order(s) short: announcing the payment again`);
        await this.service.reannounce(checkout._id);
        outcome.reannounced++;
      }
      const refunds = new Map(
        (
          await findByIds<Refund>(
            this.store.refunds,
            orders.map((o) => o.order_id),
            { status: 1 },
          )
        ).map((r) => [r._id, r]),
      );
      for (const order of orders) {
        if (order.order_status === 'cancelled') {
          const refund = refunds.get(order.order_id);
          if (!refund || refund.status === 'due') {
            this.log.warn(`order ${order.order_id} cancelled without its refund made: refunding now`);
            const made = await this.refundsService.refundOrder({
              order_id: order.order_id,
              checkout_id: checkout._id,
              total_cents: order.total_cents,
            });
            if (made === 'made') outcome.refunded++;
            // Skipped: made meanwhile by order-cancelled's own handler (settled), or not makeable now.
            else if ((await this.refundsService.refundOf(order.order_id))?.status !== 'made') settled = false;
          }
        } else if (order.order_status !== 'delivered') settled = false;
      }
      const checks = (checkout.reconcile_checks ?? 0) + 1;
      // Only the reconciliation's own fields, by the one pass that holds the job's lease; no event.
      // eslint-disable-next-line popote/outbox-writes-through-relay -- the sweep's own fields
      await this.store.checkouts.updateOne(
        { _id: checkout._id },
        settled
          ? // Settled: the delivery address (ADR 0044) is no longer needed here (ordering keeps its own, 30 days).
            { $set: { reconciled_at: now, reconcile_pending: false, delivery_address: null } }
          : {
              $set: {
                reconcile_checks: checks,
                reconcile_next_at: new Date(+now + Math.min(6 * 3_600_000, after * 2 ** Math.min(checks, 20))),
              },
            },
      );
      if (settled) outcome.settled++;
    }
    if (outcome.reannounced || outcome.refunded) this.log.warn(`reconciliation: ${JSON.stringify(outcome)}`);
    return outcome;
  }
}
