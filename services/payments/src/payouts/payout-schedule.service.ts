import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { isDuplicateKey, PayoutRound } from './payouts.schema';
import { PayoutsService } from './payouts.service';

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
 * pending payouts that the next round completes (same idempotency keys), and cooks not yet paid that
 * it pays.
 */
@Injectable()
export class PayoutScheduleService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('PayoutSchedule');
  private timer?: NodeJS.Timeout;
  private running?: Promise<RoundOutcome>;

  constructor(
    @InjectModel(PayoutRound.name) private readonly rounds: Model<PayoutRound>,
    private readonly payouts: PayoutsService,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.payoutEveryMs;
    if (every <= 0) return;
    this.timer = setInterval(
      () => void this.tick().catch((err) => this.log.warn(`payout round failed: ${(err as Error).message}`)),
      Math.min(every, 60_000),
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** The round of the period `now` falls in, if no instance has started it yet. */
  tick(now = new Date()): Promise<RoundOutcome> {
    const every = this.config.payoutEveryMs || 86_400_000;
    this.running ??= this.round(`${this.config.PAYOUT_SCHEDULE}:${Math.floor(+now / every)}`, now).finally(
      () => (this.running = undefined),
    );
    return this.running;
  }

  async round(id: string, now = new Date()): Promise<RoundOutcome> {
    try {
      await this.rounds.create({ _id: id, started_at: now });
    } catch (err) {
      if (isDuplicateKey(err)) return { round: id, ran: false, resumed: 0, paid: 0, failed: 0 };
      throw err;
    }
    const resumed = await this.payouts.resumeStuck(60_000, now);
    const { paid, failed } = await this.payouts.payEveryone();
    const outcome = { round: id, ran: true, resumed, paid, failed };
    await this.rounds.updateOne({ _id: id }, { $set: { outcome: { resumed, paid, failed } } });
    if (paid || failed || resumed) this.log.log(`payout round ${id}: ${JSON.stringify(outcome)}`);
    return outcome;
  }
}
