import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AD_MESSAGES,
  CatalogueRpc,
  dailyBudgets,
  displaysCostCents,
  DomainError,
  euros,
  type Actor,
  type ActiveCampaignDto,
  type AdsRpc,
  type CampaignDto,
  type RpcRequest,
} from '@popote/contracts';
import { RpcClient, insertOnce, isDuplicateKey, PLATFORM_CONFIG } from '@popote/platform';
import type { PaymentsConfig } from '../config';
import { LedgerService } from '../payouts/ledger.service';
import { csvCents, toCsv } from '../payouts/payouts.mapper';
import { type LedgerEntry, PayoutsStore } from '../payouts/payouts.schema';
import { AdvertisingStore, type Campaign } from './advertising.schema';
import { campaignDay, effectiveEnd } from './campaign-clock';

type CampaignInput = RpcRequest<typeof AdsRpc.startCampaign>['input'];

/** How long a replica keeps the running campaigns it read (the BFF keeps its copy a little longer). */
const RUNNING_TTL_MS = 5_000;

const STATUS_LABELS: Record<CampaignDto['status'], string> = {
  active: 'En cours',
  exhausted_today: 'Budget du jour dépensé',
  stopped: 'Arrêtée',
  ended: 'Terminée',
};

/**
 * Campaigns (ADR 0020): started from the cook's available balance, stopped at any time, listed
 * with what they cost and brought. The budget is reserved under the cook's balance marker — the one a
 * payout holds (ADR 0007) — so a payout and a campaign never both spend the same euros.
 */
@Injectable()
export class CampaignsService {
  private runningCache?: { at: number; items: Promise<Campaign[]> };

  constructor(
    private readonly store: AdvertisingStore,
    private readonly payouts: PayoutsStore,
    private readonly ledger: LedgerService,
    private readonly rpc: RpcClient,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async start(actor: Actor, input: CampaignInput): Promise<CampaignDto> {
    const { meal } = await this.rpc.call(CatalogueRpc.getMeal, { meal_id: input.meal_id });
    if (!meal) throw new DomainError('NOT_FOUND', AD_MESSAGES.mealUnavailable);
    if (meal.cook_id !== actor.user_id) throw new DomainError('FORBIDDEN', AD_MESSAGES.notYourMeal);
    if (meal.portions_available <= 0) throw new DomainError('CONFLICT', AD_MESSAGES.soldOut);

    const id = randomUUID();
    const holder = `ad:${id}`;
    const claimed = await insertOnce(() =>
      this.payouts.payoutsInFlight.create({ _id: actor.user_id, payout_id: holder, created_at: new Date() }),
    );
    if (!claimed) throw new DomainError('CONFLICT', AD_MESSAGES.balanceBusy);
    try {
      // Under the marker, nothing else of this cook's spends the balance or starts a campaign.
      const now = new Date();
      if (await this.store.campaigns.exists({ meal_id: meal.meal_id, status: 'active', ends_at: { $gt: now }, stopped_at: null }))
        throw new DomainError('CONFLICT', AD_MESSAGES.alreadyRunning);
      const { available_cents } = await this.ledger.balances(actor.user_id);
      if (available_cents < input.budget_cents) {
        const message = AD_MESSAGES.balanceShort(euros(Math.max(0, available_cents)));
        throw new DomainError('VALIDATION_FAILED', message, { budget_cents: message });
      }
      await this.ledger.append([
        {
          _id: `ad_reserve:${id}`,
          kind: 'ad_reserve',
          cook_id: actor.user_id,
          campaign_id: id,
          pending_cents: 0,
          available_cents: -input.budget_cents,
          advertising_cents: input.budget_cents,
        },
      ]);
      const dayMs = this.config.ADS_DAY_MS;
      try {
        const created = await this.store.campaigns.create({
          _id: id,
          cook_id: actor.user_id,
          meal_id: meal.meal_id,
          meal_name: meal.name,
          budget_cents: input.budget_cents,
          days: input.days,
          daily_budgets: dailyBudgets(input.budget_cents, input.days),
          cpm_cents: this.config.ADS_CPM_CENTS,
          day_ms: dayMs,
          starts_at: now,
          ends_at: new Date(+now + input.days * dayMs),
          stopped_at: null,
          status: 'active',
          settled: false,
          refunded_cents: null,
          created_at: now,
        });
        this.runningCache = undefined;
        return (await this.dtos([created.toObject()]))[0]!;
      } catch (err) {
        // The settlement found the reservation alone and gave it back under a tombstone of this id.
        if (isDuplicateKey(err)) throw new DomainError('CONFLICT', AD_MESSAGES.notRecorded);
        throw err;
      }
    } finally {
      await this.payouts.payoutsInFlight.deleteOne({ _id: actor.user_id, payout_id: holder });
    }
  }

  /** Stops counting now; the day's spend and the unspent part are settled once the day's displays are in. */
  async stop(actor: Actor, campaignId: string): Promise<CampaignDto> {
    const c = await this.store.campaigns.findById(campaignId).lean<Campaign>();
    if (!c || c.cook_id !== actor.user_id || c.status === 'failed') throw new DomainError('NOT_FOUND', AD_MESSAGES.notFound);
    if (c.status !== 'active' || effectiveEnd(c) <= Date.now()) throw new DomainError('CONFLICT', AD_MESSAGES.alreadyOver);
    await this.store.campaigns.updateOne({ _id: campaignId, status: 'active', stopped_at: null }, { $set: { stopped_at: new Date() } });
    this.runningCache = undefined;
    return (await this.dtos([(await this.store.campaigns.findById(campaignId).lean<Campaign>())!]))[0]!;
  }

  async overview(actor: Actor) {
    const [campaigns, balances] = await Promise.all([
      this.store.campaigns
        .find({ cook_id: actor.user_id, status: { $ne: 'failed' } })
        .sort({ created_at: -1 })
        .limit(200)
        .lean<Campaign[]>(),
      this.ledger.balances(actor.user_id),
    ]);
    return { campaigns: await this.dtos(campaigns), cpm_cents: this.config.ADS_CPM_CENTS, available_cents: balances.available_cents };
  }

  async csv(actor: Actor): Promise<{ filename: string; csv: string }> {
    const { campaigns } = await this.overview(actor);
    const date = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
    const rows = [
      [
        'Plat',
        'Statut',
        'Début (UTC)',
        'Fin (UTC)',
        'Arrêtée (UTC)',
        'Budget (€)',
        'Dépensé (€)',
        'Rendu (€)',
        'Affichages',
        'Clics',
        'Commandes',
      ],
      ...campaigns.map((c) => [
        c.meal_name,
        STATUS_LABELS[c.status],
        date(c.starts_at),
        date(c.ends_at),
        date(c.stopped_at),
        csvCents(c.budget_cents),
        csvCents(c.spent_cents),
        c.refunded_cents === null ? '' : csvCents(c.refunded_cents),
        String(c.displays),
        String(c.clicks),
        String(c.orders),
      ]),
    ];
    return { filename: `popote-mises-en-avant-${new Date().toISOString().slice(0, 10)}.csv`, csv: toCsv(rows) };
  }

  /** Campaigns counting now (started, not ended or stopped), read at most every few seconds per replica. */
  runningCampaigns(now = Date.now()): Promise<Campaign[]> {
    if (!this.runningCache || now - this.runningCache.at > RUNNING_TTL_MS) {
      const items = this.store.campaigns
        .find({ status: 'active', stopped_at: null })
        .lean<Campaign[]>()
        .then((all) => all.filter((c) => campaignDay(c, now) !== null));
      items.catch(() => (this.runningCache = undefined));
      this.runningCache = { at: now, items };
    }
    return this.runningCache.items;
  }

  /** Today's displays so far of a campaign day. */
  displaysOn(campaignId: string, day: number): Promise<number> {
    return this.store.adDisplays.countDocuments({ campaign_id: campaignId, day });
  }

  /** What may be shown now: running, with some of today's budget left (its weight in the rotation). */
  async active(now = Date.now()): Promise<ActiveCampaignDto[]> {
    const running = await this.runningCampaigns(now);
    const items = await Promise.all(
      running.map(async (c) => {
        const day = campaignDay(c, now)!;
        const remaining = c.daily_budgets[day]! * 1000 - (await this.displaysOn(c._id, day)) * c.cpm_cents;
        return { campaign_id: c._id, meal_id: c.meal_id, cook_id: c.cook_id, remaining_millicents: remaining };
      }),
    );
    return items.filter((i) => i.remaining_millicents > 0);
  }

  private async dtos(campaigns: Campaign[], now = Date.now()): Promise<CampaignDto[]> {
    return Promise.all(
      campaigns.map(async (c) => {
        // Displays: the settled days' counts from their ledger entries, the open days' from the collection.
        const [entries, openDisplays, clicks, orders] = await Promise.all([
          this.payouts.ledgerEntries
            .find({ campaign_id: c._id }, { _id: 1, kind: 1, advertising_cents: 1, displays: 1 })
            .lean<LedgerEntry[]>(),
          this.store.adDisplays.countDocuments({ campaign_id: c._id }),
          this.store.adClicks.countDocuments({ campaign_id: c._id }),
          this.store.adConversions.countDocuments({ campaign_id: c._id }),
        ]);
        const spends = entries.filter((e) => e.kind === 'ad_spend');
        const settledSpend = -spends.reduce((sum, e) => sum + (e.advertising_cents ?? 0), 0);
        const displays = spends.reduce((sum, e) => sum + (e.displays ?? 0), 0) + openDisplays;
        const day = campaignDay(c, now);
        const todayOpen = day !== null && !entries.some((e) => e._id === `ad_spend:${c._id}:${day}`);
        const todayDisplays = day === null ? 0 : await this.displaysOn(c._id, day);
        const todaySpend = todayOpen ? Math.min(c.daily_budgets[day]!, displaysCostCents(todayDisplays, c.cpm_cents)) : 0;
        const over = c.status !== 'active' || effectiveEnd(c) <= now;
        const status: CampaignDto['status'] = over
          ? c.stopped_at
            ? 'stopped'
            : 'ended'
          : todayDisplays * c.cpm_cents >= c.daily_budgets[day!]! * 1000
            ? 'exhausted_today'
            : 'active';
        return {
          campaign_id: c._id,
          meal_id: c.meal_id,
          meal_name: c.meal_name,
          cook_id: c.cook_id,
          budget_cents: c.budget_cents,
          days: c.days,
          daily_budget_cents: c.daily_budgets[day ?? 0] ?? 0,
          cpm_cents: c.cpm_cents,
          status,
          starts_at: new Date(c.starts_at).toISOString(),
          ends_at: new Date(c.ends_at).toISOString(),
          stopped_at: c.stopped_at ? new Date(c.stopped_at).toISOString() : null,
          spent_cents: settledSpend + todaySpend,
          refunded_cents: c.refunded_cents ?? null,
          displays,
          clicks,
          orders,
        };
      }),
    );
  }
}
