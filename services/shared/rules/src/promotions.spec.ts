import { describe, expect, it } from 'vitest';
import {
  discountOf,
  makePromotionInput,
  normalizeCode,
  PROMOTION_MESSAGES,
  promotedSplit,
  promotionRefusal,
  type BasketPart,
  type PromotionRules,
} from './promotions';

const WEEKEND10: PromotionRules = {
  funder: 'cook',
  cook_id: 'amina',
  kind: 'percent',
  value: 10,
  meal_ids: [],
  min_basket_cents: 0,
  starts_at: '2026-12-11T17:00:00.000Z',
  ends_at: '2026-12-13T23:00:00.000Z',
  state: 'active',
  max_uses: 10,
  max_uses_per_buyer: 1,
};
const part = (lines: BasketPart['lines'], cook_id = 'amina'): BasketPart => ({ cook_id, lines });
const TAJINE = { meal_id: 'tajine', unit_price_cents: 1250, quantity: 2 };
const FLAN = { meal_id: 'flan', unit_price_cents: 333, quantity: 1 };
const SATURDAY = new Date('2026-12-12T12:00:00.000Z');
const none = { total: 0, mine: 0 };

describe('promotions (ADR 0045)', () => {
  it('takes a code as typed and keeps it in capitals; refuses other shapes in French', () => {
    expect(normalizeCode(' weekend10 ')).toBe('WEEKEND10');
    const input = makePromotionInput();
    const ok = input.parse({ ...WEEKEND10, name: 'Week-end', code: 'weekend10' });
    expect(ok).toMatchObject({ code: 'WEEKEND10', meal_ids: [], min_basket_cents: 0, max_uses_per_buyer: 1 });
    const messages = (value: unknown) =>
      input
        .safeParse({ name: 'Week-end', code: 'WEEKEND10', ...WEEKEND10, ...(value as object) })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages({ code: 'WEEK END' })).toEqual([['code', PROMOTION_MESSAGES.code]]);
    expect(messages({ code: 'é123' })).toEqual([['code', PROMOTION_MESSAGES.code]]);
    expect(messages({ value: 95 })).toEqual([['value', PROMOTION_MESSAGES.percent]]);
    expect(messages({ kind: 'amount', value: 0 })).toEqual([['value', PROMOTION_MESSAGES.amount]]);
    expect(messages({ ends_at: WEEKEND10.starts_at })).toEqual([['ends_at', PROMOTION_MESSAGES.dates]]);
    expect(messages({ ends_at: '2028-01-01T00:00:00.000Z' })).toEqual([['ends_at', PROMOTION_MESSAGES.duration]]);
    expect(messages({ max_uses: 0 })).toEqual([['max_uses', PROMOTION_MESSAGES.uses]]);
    // Without a code: automatic.
    expect(input.parse({ ...WEEKEND10, name: 'Automatique' }).code).toBeNull();
  });

  it('takes a percentage of the dishes it covers, rounded half up, or an amount, never more than those dishes', () => {
    expect(discountOf(WEEKEND10, part([TAJINE, FLAN]))).toBe(283); // 10 % of 28,33 € = 2,833 → 2,83 €
    expect(discountOf({ ...WEEKEND10, value: 15 }, part([FLAN]))).toBe(50); // 49,95 c → 50 c
    expect(discountOf({ ...WEEKEND10, meal_ids: ['flan'] }, part([TAJINE, FLAN]))).toBe(33);
    expect(discountOf({ ...WEEKEND10, kind: 'amount', value: 500 }, part([FLAN]))).toBe(333);
    expect(discountOf({ ...WEEKEND10, kind: 'amount', value: 500 }, part([TAJINE]))).toBe(500);
  });

  it('says in French why it does not apply, the first thing to change first', () => {
    const refusal = (p: Partial<PromotionRules>, basket = part([TAJINE]), usage = none, now = SATURDAY) =>
      promotionRefusal({ ...WEEKEND10, ...p }, basket, usage, now);
    expect(refusal({})).toBeNull();
    expect(refusal({}, part([TAJINE], 'mei'))).toBe(PROMOTION_MESSAGES.notThisCook);
    expect(refusal({}, undefined, none, new Date('2026-12-11T16:59:59.000Z'))).toBe(PROMOTION_MESSAGES.notStarted);
    expect(refusal({}, undefined, none, new Date('2026-12-13T23:00:00.000Z'))).toBe(PROMOTION_MESSAGES.expired);
    expect(refusal({ state: 'paused' })).toBe(PROMOTION_MESSAGES.paused);
    expect(refusal({ state: 'stopped' })).toBe(PROMOTION_MESSAGES.expired);
    expect(refusal({ meal_ids: ['flan'] })).toBe(PROMOTION_MESSAGES.notForTheseDishes);
    expect(refusal({ min_basket_cents: 3000 })).toBe('Ce code promo vaut à partir de 30,00 € de plats chez ce cuisinier.');
    expect(refusal({}, undefined, { total: 3, mine: 1 })).toBe(PROMOTION_MESSAGES.alreadyUsed);
    expect(refusal({}, undefined, { total: 10, mine: 0 })).toBe(PROMOTION_MESSAGES.exhausted);
    expect(refusal({ max_uses: null }, undefined, { total: 10_000, mine: 0 })).toBeNull();
    // The platform's offer applies at any cook.
    expect(refusal({ funder: 'platform', cook_id: null }, part([TAJINE], 'mei'))).toBeNull();
  });

  it('a cook’s promotion lowers the sale and the commission; the platform’s is paid by the platform; the fee untouched', () => {
    // 25 € of dishes, 2,50 € off, 5 € delivery, 15 %.
    expect(promotedSplit({ dishes_cents: 2500, fee_cents: 500, discount_cents: 250, funder: 'cook' }, 1500)).toEqual({
      buyer_pays_cents: 2750,
      sale_cents: 2250,
      commission_cents: 338,
      cook_cents: 2250 - 338 + 500,
      platform_contribution_cents: 0,
    });
    expect(promotedSplit({ dishes_cents: 2500, fee_cents: 0, discount_cents: 500, funder: 'platform' }, 1500)).toEqual({
      buyer_pays_cents: 2000,
      sale_cents: 2500,
      commission_cents: 375,
      cook_cents: 2125,
      platform_contribution_cents: 500,
    });
    // What the buyer pays plus what the platform adds is what the cook and the platform share.
    for (const funder of ['cook', 'platform'] as const) {
      const s = promotedSplit({ dishes_cents: 1999, fee_cents: 300, discount_cents: 401, funder }, 1500);
      expect(s.buyer_pays_cents + s.platform_contribution_cents).toBe(s.cook_cents + s.commission_cents);
    }
    expect(() => promotedSplit({ dishes_cents: 100, fee_cents: 0, discount_cents: 101, funder: 'cook' }, 1500)).toThrow(/out of range/);
  });
});
