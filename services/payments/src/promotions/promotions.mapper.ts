import type { CheckoutDiscount, PromotionDto } from '@popote/contracts';
import type { BasketPart, PromotionRules } from '@popote/rules';
import { usesCounted } from './promotions.rules';
import type { Promotion } from './promotions.schema';

export const toPromotionDto = (p: Promotion, now = Date.now()): PromotionDto => ({
  promotion_id: p._id,
  funder: p.funder,
  cook_id: p.cook_id,
  name: p.name,
  code: p.code,
  kind: p.kind,
  value: p.value,
  meal_ids: p.meal_ids,
  min_basket_cents: p.min_basket_cents,
  starts_at: new Date(p.starts_at).toISOString(),
  ends_at: new Date(p.ends_at).toISOString(),
  max_uses: p.max_uses,
  max_uses_per_buyer: p.max_uses_per_buyer,
  state: p.state,
  uses: p.used,
  held: usesCounted({ used: 0, holds: p.holds ?? [] }, now),
  discount_given_cents: p.discount_given_cents,
  sales_cents: p.sales_cents,
  created_at: new Date(p.created_at).toISOString(),
});

/** The checkout's record of a discount: the promotion's name and code as the buyer saw them. */
export const toDiscount = (p: Pick<Promotion, '_id' | 'name' | 'code' | 'funder'>, cookId: string, cents: number): CheckoutDiscount => ({
  cook_id: cookId,
  promotion_id: p._id,
  name: p.name,
  code: p.code,
  funder: p.funder,
  cents,
});

/** One cook's part of a checkout's lines, as the rules read it. */
export const partsOf = (
  lines: readonly { cook_id: string; meal_id: string; unit_price_cents: number; quantity: number }[],
): BasketPart[] => {
  const byCook = new Map<string, BasketPart>();
  for (const l of lines) {
    const part = byCook.get(l.cook_id) ?? { cook_id: l.cook_id, lines: [] };
    byCook.set(l.cook_id, {
      ...part,
      lines: [...part.lines, { meal_id: l.meal_id, unit_price_cents: l.unit_price_cents, quantity: l.quantity }],
    });
  }
  return [...byCook.values()];
};

export const rulesOf = (p: Promotion): PromotionRules => p;
