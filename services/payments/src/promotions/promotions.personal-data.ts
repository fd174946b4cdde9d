import { Injectable } from '@nestjs/common';
import { PromotionsStore, type Promotion, type PromotionUse } from './promotions.schema';
import { toPromotionDto } from './promotions.mapper';

/** Promotions' part of the account lifecycle, composed by payments' PersonalDataProvider (account/personal-data.ts). */
@Injectable()
export class PromotionsPersonalData {
  constructor(private readonly store: PromotionsStore) {}

  /** A cook's promotions, and the codes the person used as a buyer. */
  async section(userId: string) {
    const [promotions, uses] = await Promise.all([
      this.store.promotions.find({ cook_id: userId }, { holds: 0 }).lean<Promotion[]>(),
      this.store.promotionUses.find({ consumer_id: userId }).lean<PromotionUse[]>(),
    ]);
    return {
      promotions: promotions.map((p) => toPromotionDto({ ...p, holds: [] })),
      uses: uses.map((u) => ({
        promotion_id: u.promotion_id,
        checkout_id: u.checkout_id,
        discount_cents: u.discount_cents,
        state: u.state,
        at: u.at,
      })),
    };
  }

  /**
   * With the account: a cook's promotions are stopped and deleted (checkouts keep the name and code
   * they showed); a buyer's uses are deleted (the promotions' figures keep the counts, without who).
   */
  async erase(userId: string): Promise<void> {
    await this.store.promotions.deleteMany({ cook_id: userId });
    await this.store.promotionUses.deleteMany({ consumer_id: userId });
  }
}
