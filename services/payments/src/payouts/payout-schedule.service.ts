import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { PeriodicJob, insertOnce, PLATFORM_CONFIG } from '@popote/platform';
import type { Model } from 'mongoose';
import type { PaymentsConfig } from '../config';
import { PayoutRound } from './payouts.schema';
import { PayoutsService } from './payouts.service';

/**
 * A payout pending longer than this has lost its outcome. Meeting a provider call still in flight is
 * safe: no transfer in the group yet, and the same idempotency key within its window.
 */
const STUCK_AFTER_MS = 60_000;

export interface RoundOutcome {
  round: string;
  ran: boolean;
  resumed: number;
  paid: number;
  failed: number;
}

/**
 * Scheduled payouts (PAYOUT_SCHEDULE, daily by default). Every replica ticks (at most once a minute);
 * a round is identified by its period (`daily:20415`), and only the instance whose insert of that
 * round document succeeds runs it (a duplicate key means another did). A crash mid-round leaves
 * pending payouts that the retry timer completes, and cooks not yet paid that the next round pays.
 *
 * Retries (PAYOUT_RETRY_MS, 5 min by default, whatever the schedule): payouts pending for over a
 * minute — their outcome lost to a crash or an unanswered provider — are looked up by their transfer
 * group and completed. One instance per retry period, chosen like the rounds (`retry:<n>`); those
 * documents are dropped after a day.
 */
@Injectable()
export class PayoutScheduleService {
  private readonly log = new Logger('PayoutSchedule');
  private running?: Promise<RoundOutcome>;
  private retrying?: Promise<RoundOutcome>;
  readonly retryEveryMs: number;

  constructor(
    @InjectModel(PayoutRound.name) private readonly rounds: Model<PayoutRound>,
    private readonly payouts: PayoutsService,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
  ) {
    this.retryEveryMs = config.PAYOUT_RETRY_MS;
  }

  /** The round of the period `now` falls in, if no instance has started it yet. */
  @PeriodicJob<PaymentsConfig>({ name: 'payout-rounds', everyMs: (c) => (c.payoutEveryMs > 0 ? Math.min(c.payoutEveryMs, 60_000) : 0) })
  tick(now = new Date()): Promise<RoundOutcome> {
    const every = this.config.payoutEveryMs || 86_400_000;
    this.running ??= this.round(`${this.config.PAYOUT_SCHEDULE}:${Math.floor(+now / every)}`, now).finally(
      () => (this.running = undefined),
    );
    return this.running;
  }

  /** The retry of the period `now` falls in (payouts whose outcome was lost), if no instance has run it yet. */
  @PeriodicJob<PaymentsConfig>({ name: 'payout-retries', everyMs: (c) => c.PAYOUT_RETRY_MS })
  retryLost(now = new Date()): Promise<RoundOutcome> {
    const every = this.retryEveryMs || 300_000;
    this.retrying ??= this.retryRound(`retry:${Math.floor(+now / every)}`, now).finally(() => (this.retrying = undefined));
    return this.retrying;
  }

  private async retryRound(id: string, now: Date): Promise<RoundOutcome> {
    if (!(await this.claim(id, now))) return { round: id, ran: false, resumed: 0, paid: 0, failed: 0 };
    const resumed = await this.payouts.resumeStuck(STUCK_AFTER_MS, now);
    await this.rounds.updateOne({ _id: id }, { $set: { outcome: { resumed } } });
    await this.rounds.deleteMany({ _id: { $regex: /^retry:/ }, started_at: { $lt: new Date(+now - 86_400_000) } });
    if (resumed) this.log.log(`payout retry ${id}: ${resumed} completed`);
    return { round: id, ran: true, resumed, paid: 0, failed: 0 };
  }

  async round(id: string, now = new Date()): Promise<RoundOutcome> {
    if (!(await this.claim(id, now))) return { round: id, ran: false, resumed: 0, paid: 0, failed: 0 };
    const resumed = await this.payouts.resumeStuck(STUCK_AFTER_MS, now);
    const { paid, failed } = await this.payouts.payEveryone();
    const outcome = { round: id, ran: true, resumed, paid, failed };
    await this.rounds.updateOne({ _id: id }, { $set: { outcome: { resumed, paid, failed } } });
    if (paid || failed || resumed) this.log.log(`payout round ${id}: ${JSON.stringify(outcome)}`);
    return outcome;
  }

  /** Records round `id` as started here; false when it already was (another instance, or an earlier run). */
  private async claim(id: string, now: Date): Promise<boolean> {
    return insertOnce(() => this.rounds.create({ _id: id, started_at: now }));
  }
}
