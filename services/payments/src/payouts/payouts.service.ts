import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  euros,
  OrderingRpc,
  PAYOUT_MESSAGES,
  SUPPORT_REFUND_MESSAGES,
  type Actor,
  type PayoutDto,
  type PayoutOverviewDto,
} from '@popote/contracts';
import { RpcClient, insertOnce, PLATFORM_CONFIG } from '@popote/platform';
import { RefundsService } from '../checkouts/refunds.service';
import type { PaymentsConfig } from '../config';
import { PAYMENT_PROVIDER, ProviderRefusal, type PaymentProvider, type ProviderEvent } from '../providers/provider';
import { LedgerService, toLedgerEntryDto } from './ledger.service';
import { PayoutAccountsService } from './payout-accounts.service';
import { PayoutIncidents } from './payout-incidents';
import { ledgerCsvRows, toCsv, toPayoutAccountDto, toPayoutDto } from './payouts.mapper';
import { Payout, PayoutAccount, PayoutInFlight, PayoutsStore } from './payouts.schema';
import { ProviderEvents } from '../providers/provider-events';

/** The events of Stripe Connect this service applies (others are the checkouts'). */
export const CONNECT_EVENT_TYPES = ['account.updated', 'transfer.created', 'transfer.reversed', 'payout.failed'];

/**
 * Payouts to the cooks' accounts (ADR 0007; the accounts are PayoutAccountsService's). A payout is:
 * a per-cook in-flight marker inserted (duplicate key = one already in flight), the payout recorded
 * `pending` with its ledger debit, the provider's transfer with the idempotency key and transfer
 * group `payout-<id>`, then `paid` (or `failed` on a refusal, the amount credited back) and the marker
 * removed. A crash or an unanswered provider anywhere leaves a pending payout that the retry timer
 * (PAYOUT_RETRY_MS) completes: it looks the transfer up by its group first and creates it only if
 * there is none — the idempotency key alone would not hold past the provider's ~24 h window.
 */
@Injectable()
export class PayoutsService {
  private readonly log = new Logger('Payouts');

  constructor(
    private readonly store: PayoutsStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
    private readonly ledger: LedgerService,
    private readonly refunds: RefundsService,
    private readonly rpc: RpcClient,
    private readonly accounts: PayoutAccountsService,
    private readonly providerEvents: ProviderEvents,
  ) {
    this.incidents = new PayoutIncidents({
      payouts: store.payouts,
      accounts: store.payoutAccounts,
      ledger,
      markPaid: (id, transferId) => this.markPaid(id, transferId),
    });
  }

  private readonly incidents: PayoutIncidents;

  nextRoundAt(now = new Date()): Date | null {
    const every = this.config.payoutEveryMs;
    return every > 0 ? new Date((Math.floor(+now / every) + 1) * every) : null;
  }

  async overview(actor: Actor): Promise<PayoutOverviewDto> {
    const cookId = actor.user_id;
    const [account, balances, entries, payouts, inFlight] = await Promise.all([
      this.store.payoutAccounts.findById(cookId).lean<PayoutAccount>(),
      this.ledger.balances(cookId),
      this.ledger.history(cookId),
      this.store.payouts.find({ cook_id: cookId }).sort({ created_at: -1 }).limit(100).lean<Payout[]>(),
      this.store.payoutsInFlight.exists({ _id: cookId }),
    ]);
    return {
      account: toPayoutAccountDto(account, this.provider.name),
      commission_percent: this.config.commissionBp / 100,
      ...balances,
      next_payout_at: this.nextRoundAt()?.toISOString() ?? null,
      in_flight: !!inFlight,
      entries: entries.map(toLedgerEntryDto),
      payouts: payouts.map(toPayoutDto),
    };
  }

  /** A cook's payout (manual from the dashboard, or a scheduled round). Checks first: nothing is written on a refusal. */
  async requestPayout(cookId: string, amount: number | undefined, trigger: 'manual' | 'schedule'): Promise<PayoutDto> {
    const account = await this.store.payoutAccounts.findById(cookId).lean<PayoutAccount>();
    if (!account) throw new DomainError('CONFLICT', PAYOUT_MESSAGES.noAccount);
    if (account.status !== 'enabled') throw new DomainError('CONFLICT', PAYOUT_MESSAGES.accountPending);
    if (await this.store.payoutsInFlight.exists({ _id: cookId })) throw new DomainError('CONFLICT', PAYOUT_MESSAGES.inFlight);
    const check = (available: number) => {
      if (available <= 0) throw new DomainError('CONFLICT', PAYOUT_MESSAGES.nothingAvailable);
      if (amount !== undefined && amount > available)
        throw new DomainError('VALIDATION_FAILED', PAYOUT_MESSAGES.overBalance(euros(available)), {
          amount_cents: PAYOUT_MESSAGES.overBalance(euros(available)),
        });
    };
    check((await this.ledger.balances(cookId)).available_cents);

    const payoutId = randomUUID();
    const claimed = await insertOnce(() => this.store.payoutsInFlight.create({ _id: cookId, payout_id: payoutId, created_at: new Date() }));
    if (!claimed) throw new DomainError('CONFLICT', PAYOUT_MESSAGES.inFlight);
    let payout: Payout;
    try {
      // Under the marker, only this request debits the balance: read it again and decide.
      const { available_cents } = await this.ledger.balances(cookId);
      check(available_cents);
      const created = await this.store.payouts.create({
        _id: payoutId,
        cook_id: cookId,
        account_id: account.account_id,
        amount_cents: amount ?? available_cents,
        status: 'pending',
        trigger,
      });
      payout = created.toObject();
    } catch (err) {
      await this.store.payoutsInFlight.deleteOne({ _id: cookId, payout_id: payoutId });
      throw err;
    }
    return this.complete(payout);
  }

  /**
   * Asks the provider for the transfer of a pending payout. Again after a lost outcome (`retry`):
   * the transfer is first looked up by its group, and made (same key) only if there is none.
   */
  async complete(payout: Payout, retry = false): Promise<PayoutDto> {
    await this.ledger.payoutRecorded({ payout_id: payout._id, cook_id: payout.cook_id, amount_cents: payout.amount_cents });
    try {
      const found = retry ? await this.provider.findPayoutTransfer({ account_id: payout.account_id, payout_id: payout._id }) : null;
      if (found && found.amount_cents !== payout.amount_cents) {
        this.log.error(
          `payout ${payout._id} of cook ${payout.cook_id}: its transfer ${found.id} is of ${found.amount_cents} c, not ${payout.amount_cents} c; left pending`,
        );
        throw new Error('transfer amount differs');
      }
      if (found) this.log.warn(`payout ${payout._id} of cook ${payout.cook_id}: its transfer ${found.id} was made; recorded now`);
      const transfer =
        found ??
        (await this.provider.transfer({
          account_id: payout.account_id,
          amount_cents: payout.amount_cents,
          payout_id: payout._id,
          cook_id: payout.cook_id,
          idempotency_key: `payout-${payout._id}`,
        }));
      await this.markPaid(payout._id, transfer.id);
    } catch (err) {
      if (!(err instanceof ProviderRefusal)) {
        // Unknown outcome (network, 5xx): stays pending; the retry timer looks it up, then asks again.
        this.log.warn(`payout ${payout._id}: transfer not confirmed (${(err as Error).message}); will retry`);
        throw new DomainError('UNAVAILABLE', PAYOUT_MESSAGES.providerUnavailable);
      }
      this.log.warn(`payout ${payout._id}: refused by the provider: ${err.message}`);
      await this.markFailed(payout._id, err.message);
      throw new DomainError('CONFLICT', PAYOUT_MESSAGES.providerFailed);
    }
    return toPayoutDto((await this.store.payouts.findById(payout._id).lean<Payout>())!);
  }

  private async markPaid(payoutId: string, transferId: string): Promise<void> {
    const res = await this.store.payouts.updateOne(
      { _id: payoutId, status: 'pending' },
      { $set: { status: 'paid', transfer_id: transferId } },
    );
    const payout = await this.store.payouts.findById(payoutId, { cook_id: 1 }).lean<Payout>();
    if (res.modifiedCount && payout) await this.store.payoutsInFlight.deleteOne({ _id: payout.cook_id, payout_id: payoutId });
  }

  /** A payout the provider refused (no transfer made) credits its amount back, once. */
  private async markFailed(payoutId: string, reason: string): Promise<'applied' | 'ignored'> {
    const payout = await this.store.payouts.findById(payoutId).lean<Payout>();
    if (!payout || payout.status === 'failed') return 'ignored';
    await this.store.payouts.updateOne(
      { _id: payoutId, status: { $ne: 'failed' } },
      { $set: { status: 'failed', failure_reason: reason } },
    );
    await this.ledger.payoutFailed({ payout_id: payoutId, cook_id: payout.cook_id, amount_cents: payout.amount_cents });
    await this.store.payoutsInFlight.deleteOne({ _id: payout.cook_id, payout_id: payoutId });
    return 'applied';
  }

  /**
   * Stripe Connect events, each applied once (apply, then record its id — as the checkouts' events):
   * - account.updated → the account is enabled once details are submitted and payouts enabled;
   *   an older event arriving late changes nothing (`created` is compared);
   * - transfer.created → a pending payout is paid; transfer.reversed → each reversal not yet applied
   *   is credited, by its id (a partial one credits its part; all of it reversed = failed);
   * - payout.failed (the bank payout of a connected account) → recorded and alerted only: the money
   *   is back on the connected account's balance, not the platform's (see PayoutIncidents).
   * A paid payout never goes back to pending, a failed one never to paid: duplicates and events out of
   * order change nothing twice.
   */
  applyProviderEvent(event: ProviderEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    return this.providerEvents.applyOnce(event, (e) => this.applyConnectEvent(e));
  }

  private async applyConnectEvent(event: ProviderEvent): Promise<'applied' | 'ignored'> {
    const o = event.data.object;
    switch (event.type) {
      case 'account.updated':
        return this.accounts.applyAccountUpdate(o.id, !!o.payouts_enabled && !!o.details_submitted, event.created ?? 0);
      case 'transfer.created': {
        const payout = await this.payoutOfTransfer(o.id, o.metadata?.payout_id);
        if (!payout || payout.status !== 'pending') return 'ignored';
        await this.markPaid(payout._id, o.id);
        return 'applied';
      }
      case 'transfer.reversed':
        return this.incidents.transferReversed(event);
      case 'payout.failed':
        return this.incidents.bankPayoutFailed(event);
      default:
        return 'ignored';
    }
  }

  private async payoutOfTransfer(transferId: string, payoutId?: string): Promise<Payout | null> {
    if (payoutId) return this.store.payouts.findById(payoutId).lean<Payout>();
    return this.store.payouts.findOne({ transfer_id: transferId }).lean<Payout>();
  }

  /**
   * Payouts left pending by a crash or an unanswered provider (looked up by their transfer group
   * before any new transfer), and markers without their payout. Run by the retry timer and the rounds.
   */
  async resumeStuck(olderThanMs = 60_000, now = new Date()): Promise<number> {
    const before = new Date(+now - olderThanMs);
    const stuck = await this.store.payouts
      .find({ status: 'pending', created_at: { $lt: before } })
      .limit(100)
      .lean<Payout[]>();
    let resumed = 0;
    for (const payout of stuck) {
      await this.complete(payout, true).then(
        () => resumed++,
        (err) => this.log.warn(`payout ${payout._id}: ${(err as Error).message}`),
      );
    }
    for (const marker of await this.store.payoutsInFlight.find({ created_at: { $lt: before } }).lean<PayoutInFlight[]>()) {
      if (!(await this.store.payouts.exists({ _id: marker.payout_id })))
        await this.store.payoutsInFlight.deleteOne({ _id: marker._id, payout_id: marker.payout_id });
    }
    return resumed;
  }

  /** Enabled accounts whose available balance is above zero get their payout. */
  async payEveryone(): Promise<{ paid: number; failed: number }> {
    const outcome = { paid: 0, failed: 0 };
    for (const account of await this.store.payoutAccounts.find({ status: 'enabled' }, { _id: 1 }).lean<PayoutAccount[]>()) {
      const { available_cents } = await this.ledger.balances(account._id);
      if (available_cents <= 0) continue;
      await this.requestPayout(account._id, undefined, 'schedule').then(
        (p) => (p.status === 'failed' ? outcome.failed++ : outcome.paid++),
        (err) => {
          outcome.failed++;
          this.log.warn(`scheduled payout of ${account._id}: ${(err as Error).message}`);
        },
      );
    }
    return outcome;
  }

  /** The cook's ledger as CSV (French spreadsheet conventions: `;` separators, decimal comma). */
  async csv(actor: Actor): Promise<{ filename: string; csv: string }> {
    const entries = (await this.ledger.history(actor.user_id, 100_000)).reverse();
    const rows = ledgerCsvRows(entries);
    return { filename: `popote-paiements-${new Date().toISOString().slice(0, 10)}.csv`, csv: toCsv(rows) };
  }

  /** The cook refunds a picked-up order in full; the ledger takes it back from the cook's balance. */
  async refundDeliveredOrder(actor: Actor, orderId: string) {
    const {
      items: [order],
    } = await this.rpc.call(OrderingRpc.ordersById, { order_ids: [orderId] });
    if (!order) throw new DomainError('NOT_FOUND', PAYOUT_MESSAGES.notYourOrder);
    if (order.cook_id !== actor.user_id) throw new DomainError('FORBIDDEN', PAYOUT_MESSAGES.notYourOrder);
    if (order.order_status !== 'delivered') throw new DomainError('CONFLICT', PAYOUT_MESSAGES.refundDeliveredOnly);
    const refund = await this.refunds.refundOrder(
      { order_id: order.order_id, checkout_id: order.checkout_id, total_cents: order.total_cents, cook_id: order.cook_id },
      undefined,
      'cook',
    );
    const made = await this.refunds.refundOf(order.order_id);
    if (refund === 'skipped' && !made) throw new DomainError('CONFLICT', PAYOUT_MESSAGES.notPaid);
    // Support refunded it (a part, perhaps) before: one refund per order — the cook's is not made again.
    if (made && made.origin === 'support')
      throw new DomainError('CONFLICT', SUPPORT_REFUND_MESSAGES.alreadyRefunded(euros(made.amount_cents)));
    await this.ledger.refundedAfterPickUp(order, made?.amount_cents);
    return { refund_id: made?.provider_refund_id ?? '', amount_cents: made?.amount_cents ?? order.total_cents };
  }
}
