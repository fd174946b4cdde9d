import { describe, expect, it } from 'vitest';
import type { PromotionRules } from '@popote/rules';
import { bestAutomatic, firstOrderOffer, liveHolds, PAID_HOLD_KEPT_MS, usesCounted } from './promotions.rules';

const now = Date.parse('2026-12-07T12:00:00Z');
const hold = (id: string, untilMs: number, paid = false) => ({ checkout_id: id, consumer_id: `b-${id}`, until: new Date(untilMs), paid });

describe('holds', () => {
  it('an unpaid hold counts until its end, a paid one is kept a day more and counted in `used` only', () => {
    const holds = [hold('a', now + 1000), hold('b', now - 1), hold('c', now - 1000, true), hold('d', now - PAID_HOLD_KEPT_MS - 1, true)];
    expect(liveHolds(holds, now).map((h) => h.checkout_id)).toEqual(['a', 'c']);
    expect(usesCounted({ used: 3, holds }, now)).toBe(4);
  });
});

const promo = (over: Partial<PromotionRules>): PromotionRules => ({
  funder: 'cook',
  cook_id: 'cook-1',
  kind: 'percent',
  value: 10,
  meal_ids: [],
  min_basket_cents: 0,
  starts_at: '2026-12-01T00:00:00Z',
  ends_at: '2026-12-31T00:00:00Z',
  state: 'active',
  max_uses: null,
  max_uses_per_buyer: 1,
  ...over,
});
const part = { cook_id: 'cook-1', lines: [{ meal_id: 'm1', unit_price_cents: 1000, quantity: 2 }] };

describe('bestAutomatic', () => {
  it('takes the promotion that takes the most off among those that apply', () => {
    const ten = promo({ value: 10 });
    const threeEuros = promo({ kind: 'amount', value: 300 });
    const paused = promo({ value: 50, state: 'paused' });
    const usage = () => ({ total: 0, mine: 0 });
    expect(bestAutomatic([ten, threeEuros, paused], part, usage, new Date(now))).toEqual({ promotion: threeEuros, cents: 300 });
  });
  it('none when each is refused (used up by this buyer, or another cook’s)', () => {
    const mine = promo({});
    const other = promo({ cook_id: 'cook-2' });
    expect(bestAutomatic([mine, other], part, (p) => ({ total: 0, mine: p === mine ? 1 : 0 }), new Date(now))).toBeNull();
  });
});

describe('firstOrderOffer', () => {
  const parts = [
    { ...part, dishes_cents: 2000, discounted_cents: 1800 },
    { cook_id: 'cook-2', lines: [], dishes_cents: 900, discounted_cents: 0 },
  ];
  it('goes on the largest part, after its own discount, never below zero', () => {
    expect(firstOrderOffer(parts, { value_cents: 500, min_cents: 1500 })).toEqual({ cook_id: 'cook-1', cents: 200 });
    expect(firstOrderOffer([parts[1]], { value_cents: 500, min_cents: 0 })).toEqual({ cook_id: 'cook-2', cents: 500 });
  });
  it('none under the minimum, or when off', () => {
    expect(firstOrderOffer(parts, { value_cents: 500, min_cents: 3000 })).toBeNull();
    expect(firstOrderOffer(parts, { value_cents: 0, min_cents: 0 })).toBeNull();
  });
});
