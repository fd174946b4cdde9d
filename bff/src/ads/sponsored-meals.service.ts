import { Inject, Injectable, Logger } from '@nestjs/common';
import { AdsRpc, CatalogueRpc, type ActiveCampaignDto, type MealDto } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';
import { PublicReadCache } from '../read-cache/public-read-cache.service';

interface Showable {
  c: ActiveCampaignDto;
  meal: MealDto;
}

export interface Sponsored {
  campaign_id: string;
  advertiser_name: string;
  meal: MealDto;
}

/**
 * The sponsored card (ADR 0020). Each replica keeps the campaigns that may be shown (payments'
 * `activeCampaigns`: running, some of today's budget left) for ADS_REFRESH_MS, so a campaign whose
 * day is spent or that was stopped leaves the pages within that time plus payments' own 5 s. Each
 * request draws one campaign, weighted by what is left of its day's budget, among those whose dish
 * is on sale (read through the public read cache, which drops it on every stock change; that list is
 * kept until the campaigns or the cache's generation change): never a sold-out or deleted dish. Nothing here is stored per viewer; the page's cached lists are untouched.
 */
@Injectable()
export class SponsoredMeals {
  private readonly log = new Logger('SponsoredMeals');
  private active?: { at: number; items: Promise<ActiveCampaignDto[]> };
  private showable?: { from: Promise<ActiveCampaignDto[]>; generation: number; items: Promise<Showable[]> };

  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: PublicReadCache,
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
  ) {}

  private campaigns(now: number): Promise<ActiveCampaignDto[]> {
    if (!this.active || now - this.active.at >= this.config.ADS_REFRESH_MS) {
      const items = this.rpc.call(AdsRpc.activeCampaigns, {}).then(
        (r) => r.items,
        (err) => {
          // No ad is better than no page: the pages show without the sponsored card, and ask again next time.
          this.log.warn(`active campaigns unavailable: ${(err as Error).message}`);
          this.active = undefined;
          return [];
        },
      );
      this.active = { at: now, items };
    }
    return this.active.items;
  }

  /**
   * The campaigns whose dish is on sale now, computed once per list and per read-cache generation
   * (every stock change, edit or deletion moves the generation): a request only draws.
   */
  private showableNow(now: number): Promise<Showable[]> {
    const from = this.campaigns(now);
    const generation = this.reads.currentGeneration;
    if (!this.showable || this.showable.from !== from || this.showable.generation !== generation) {
      const items = from.then(async (candidates) => {
        const meals = await Promise.all(
          candidates.map((c) => this.reads.call(CatalogueRpc.getMeal, { meal_id: c.meal_id }).then((r) => r.meal)),
        );
        return candidates.flatMap((c, i) => {
          const meal = meals[i];
          return meal && meal.portions_available > 0 && meal.cook_id === c.cook_id ? [{ c, meal }] : [];
        });
      });
      items.catch(() => (this.showable = undefined));
      this.showable = { from, generation, items };
    }
    return this.showable.items;
  }

  async pick(random = Math.random, now = Date.now()): Promise<Sponsored | null> {
    const showable = await this.showableNow(now);
    const total = showable.reduce((sum, s) => sum + s.c.remaining_millicents, 0);
    let draw = random() * total;
    for (const { c, meal } of showable) {
      draw -= c.remaining_millicents;
      if (draw < 0) return { campaign_id: c.campaign_id, advertiser_name: meal.cook_name, meal };
    }
    return null;
  }
}
