import { Inject, Injectable } from '@nestjs/common';
import type { PlatformOfferDto } from '@popote/contracts';
import { DistributedLocks, PLATFORM_CONFIG } from '@popote/platform';
import type { PaymentsConfig } from '../config';
import { Promotion, PromotionsStore } from './promotions.schema';

/** The platform's first-order offer as checkouts and receipts name it (ADR 0045): one record, set by operators. */
export const FIRST_ORDER = { promotion_id: 'platform-first-order', name: 'Offre de bienvenue Popote' } as const;

const toOffer = (p: Promotion): PlatformOfferDto => ({
  value_cents: p.value,
  min_basket_cents: p.min_basket_cents,
  state: p.state === 'active' ? 'active' : 'paused',
  uses: p.used,
  discount_given_cents: p.discount_given_cents,
  updated_at: new Date(p.updated_at).toISOString(),
});

/**
 * The platform's first-order offer (ADR 0045): a promotion record of the platform's (no cook, no
 * code, no cap), changed by an operator from the console. Each instance keeps it
 * PROMOTIONS_CACHE_MS (a checkout does not read it each time); the instance that writes it
 * forgets its copy at once.
 */
@Injectable()
export class PlatformOffer {
  private cached: { at: number; offer: PlatformOfferDto | null } | null = null;

  constructor(
    private readonly store: PromotionsStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
    private readonly locks: DistributedLocks,
  ) {}

  /** `fresh`: read now (the console), not the instance's copy. */
  async read(fresh = false): Promise<PlatformOfferDto | null> {
    const now = Date.now();
    if (!fresh && this.cached && now - this.cached.at < this.config.PROMOTIONS_CACHE_MS) return this.cached.offer;
    const doc = await this.store.promotions.findById(FIRST_ORDER.promotion_id, { holds: 0 }).lean<Promotion>();
    const offer = doc ? toOffer(doc) : null;
    this.cached = { at: now, offer };
    return offer;
  }

  /** The operator's setting: amount, minimum, on or paused (its figures are kept). */
  async set(input: { value_cents: number; min_basket_cents: number; state: 'active' | 'paused' }): Promise<PlatformOfferDto> {
    // Under the record's lease, as every write of a promotion (checkouts count its figures meanwhile).
    const doc = await this.locks.run(`promo:${FIRST_ORDER.promotion_id}`, () =>
      this.store.promotions
        .findOneAndUpdate(
          { _id: FIRST_ORDER.promotion_id },
          {
            $set: { value: input.value_cents, min_basket_cents: input.min_basket_cents, state: input.state },
            $setOnInsert: {
              funder: 'platform',
              cook_id: null,
              name: FIRST_ORDER.name,
              code: null,
              auto: false,
              kind: 'amount',
              meal_ids: [],
              starts_at: new Date(0),
              ends_at: new Date('2100-01-01T00:00:00Z'),
              max_uses: null,
              max_uses_per_buyer: 1,
              used: 0,
              discount_given_cents: 0,
              sales_cents: 0,
              holds: [],
              version: 0,
            },
          },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<Promotion>(),
    );
    this.cached = null;
    return toOffer(doc!);
  }
}
