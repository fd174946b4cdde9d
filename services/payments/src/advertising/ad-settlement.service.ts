import { Injectable, Logger } from '@nestjs/common';
import { displaysCostCents } from '@popote/contracts';
import { PeriodicJob, isDuplicateKey } from '@popote/platform';
import type { PaymentsConfig } from '../config';
import { LedgerService } from '../payouts/ledger.service';
import { type LedgerEntry, PayoutsStore } from '../payouts/payouts.schema';
import { AdvertisingStore, type Campaign } from './advertising.schema';
import { AdMeasurementService } from './ad-measurement.service';
import { countedDays, dayEnd, effectiveEnd, settleGrace } from './campaign-clock';

/** A reservation this old without its campaign lost it to a crash: given back. */
const ORPHAN_AFTER_MS = 5 * 60_000;

export interface SettleOutcome {
  days: number;
  closed: number;
  orphans: number;
}

/**
 * The money of campaigns (ADR 0020), on every replica, idempotent by the entries' ids:
 * - each campaign day, once its window is over (and a grace for displays on their way):
 *   `ad_spend:<c>:<day>` = what the day's displays cost at the campaign's price, capped by the day's
 *   share of the budget;
 * - once the campaign ended or was stopped and all its days are in: `ad_release:<c>` = budget − the
 *   days' spends, back to the available balance; the campaign is then `settled`.
 * Clicks older than the 7-day attribution window forget who clicked.
 * Two replicas computing the same day count the same displays (the window is closed) and the second
 * insert is a duplicate key; the release is computed from the spend entries as stored.
 */
@Injectable()
export class AdSettlementService {
  private readonly log = new Logger('AdSettlement');
  /** Campaign days this process has closed (their displays and salt deleted), until the campaign is. */
  private readonly closedDays = new Set<string>();

  constructor(
    private readonly store: AdvertisingStore,
    private readonly payouts: PayoutsStore,
    private readonly ledger: LedgerService,
    private readonly measurement: AdMeasurementService,
  ) {}

  @PeriodicJob<PaymentsConfig>({ name: 'ad-settlement', everyMs: (c) => settleGrace(c.ADS_DAY_MS) })
  async settle(now = Date.now()): Promise<SettleOutcome> {
    const outcome: SettleOutcome = { days: 0, closed: 0, orphans: await this.giveBackOrphans(now) };
    await this.measurement.forgetOldClickers(now);
    for (const c of await this.store.campaigns.find({ settled: false }).lean<Campaign[]>()) {
      const { days, closed } = await this.settleCampaign(c, now);
      outcome.days += days;
      outcome.closed += closed ? 1 : 0;
    }
    if (outcome.days || outcome.closed || outcome.orphans)
      this.log.log(`settled ${outcome.days} day(s), closed ${outcome.closed}, orphans ${outcome.orphans}`);
    return outcome;
  }

  private async settleCampaign(c: Campaign, now: number): Promise<{ days: number; closed: boolean }> {
    const grace = settleGrace(c.day_ms);
    const entries = await this.payouts.ledgerEntries
      .find({ campaign_id: c._id }, { _id: 1, kind: 1, advertising_cents: 1 })
      .lean<LedgerEntry[]>();
    const have = new Set(entries.map((e) => e._id));
    const total = countedDays(c);
    let added = 0;
    let complete = true;
    for (let day = 0; day < total; day++) {
      if (!have.has(`ad_spend:${c._id}:${day}`)) {
        const end = dayEnd(c, day);
        if (end + grace > now) {
          complete = false;
          break;
        }
        const displays = await this.store.adDisplays.countDocuments({ campaign_id: c._id, day, created_at: { $lt: new Date(end) } });
        const spend = Math.min(c.daily_budgets[day]!, displaysCostCents(displays, c.cpm_cents));
        added += await this.ledger.append([
          {
            _id: `ad_spend:${c._id}:${day}`,
            kind: 'ad_spend',
            cook_id: c.cook_id,
            campaign_id: c._id,
            pending_cents: 0,
            available_cents: 0,
            advertising_cents: -spend,
            displays,
          },
        ]);
      }
      // Once its entry is in (written here or by another replica), the day's displays and salt go; once per process.
      if (!this.closedDays.has(`${c._id}:${day}`)) {
        await this.measurement.closeDay(c._id, day);
        this.closedDays.add(`${c._id}:${day}`);
      }
    }
    if (!complete || effectiveEnd(c) + grace > now) return { days: added, closed: false };

    const spends = await this.payouts.ledgerEntries
      .find({ campaign_id: c._id, kind: 'ad_spend' }, { advertising_cents: 1 })
      .lean<LedgerEntry[]>();
    const rest = c.budget_cents + spends.reduce((sum, e) => sum + e.advertising_cents, 0);
    await this.ledger.append([
      {
        _id: `ad_release:${c._id}`,
        kind: 'ad_release',
        cook_id: c.cook_id,
        campaign_id: c._id,
        pending_cents: 0,
        available_cents: rest,
        advertising_cents: -rest,
      },
    ]);
    // What was given back is read from the entry as stored (another replica may have written it).
    const release = await this.payouts.ledgerEntries.findById(`ad_release:${c._id}`, { available_cents: 1 }).lean<LedgerEntry>();
    await this.store.campaigns.updateOne(
      { _id: c._id },
      { $set: { settled: true, status: c.stopped_at ? 'stopped' : 'ended', refunded_cents: release!.available_cents } },
    );
    for (let day = 0; day < total; day++) this.closedDays.delete(`${c._id}:${day}`);
    return { days: added, closed: true };
  }

  /**
   * A budget reserved whose campaign was never written (the process died between the two writes):
   * a `failed` tombstone takes the campaign's id — if the start is still under way, its own insert
   * now fails and it says so — and the reservation is given back.
   */
  private async giveBackOrphans(now: number): Promise<number> {
    const reserves = await this.payouts.ledgerEntries
      .find({ kind: 'ad_reserve', created_at: { $lt: new Date(now - ORPHAN_AFTER_MS), $gt: new Date(now - 7 * 86_400_000) } })
      .lean<LedgerEntry[]>();
    let given = 0;
    for (const r of reserves) {
      if (!(await this.tombstoned(r, now))) continue;
      given += await this.ledger.append([
        {
          _id: `ad_release:${r.campaign_id}`,
          kind: 'ad_release',
          cook_id: r.cook_id,
          campaign_id: r.campaign_id!,
          pending_cents: 0,
          available_cents: r.advertising_cents,
          advertising_cents: -r.advertising_cents,
        },
      ]);
    }
    return given;
  }

  /** Whether the reservation's campaign is a tombstone (written here if there was no campaign). */
  private async tombstoned(r: LedgerEntry, now: number): Promise<boolean> {
    const status = async () => (await this.store.campaigns.findById(r.campaign_id!, { status: 1 }).lean<Campaign>())?.status;
    const found = await status();
    if (found) return found === 'failed';
    try {
      await this.store.campaigns.create({
        _id: r.campaign_id!,
        cook_id: r.cook_id,
        meal_id: '-',
        meal_name: '-',
        budget_cents: r.advertising_cents,
        days: 0,
        daily_budgets: [],
        cpm_cents: 0,
        day_ms: 1,
        starts_at: r.created_at,
        ends_at: r.created_at,
        stopped_at: r.created_at,
        status: 'failed',
        settled: true,
        refunded_cents: r.advertising_cents,
        created_at: new Date(now),
      });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return (await status()) === 'failed'; // the start wrote its campaign (or another replica its tombstone) first
    }
  }
}
