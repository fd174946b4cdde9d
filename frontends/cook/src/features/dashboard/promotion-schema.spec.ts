import { PROMOTION_MESSAGES } from '@popote/rules';
import { describe, expect, it } from 'vitest';
import { parisInstant, parisTimeOf, promotionDefaults, promotionFormSchema, type PromotionFormValues } from './promotion-schema';
import { frPromotions } from './promotions-texts';

const m = PROMOTION_MESSAGES;

/** A form filled in: 10 % on every dish, a Friday evening to Sunday night in March (winter time). */
const form = (over: Partial<PromotionFormValues> = {}): PromotionFormValues => ({
  name: 'Week-end gourmand',
  code: '',
  kind: 'percent',
  value: '10',
  scope: 'all',
  meal_ids: [],
  min_basket_cents: '',
  starts_at: { date: '2026-03-06', time: '18:00' },
  ends_at: { date: '2026-03-08', time: '22:00' },
  max_uses: '',
  max_uses_per_buyer: '1',
  ...over,
});

const messages = (value: PromotionFormValues) => {
  const r = promotionFormSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('Paris times in the form', () => {
  it('turns a Paris date and time into the instant, in winter and in summer time', () => {
    expect(parisInstant({ date: '2026-03-06', time: '18:00' })).toBe('2026-03-06T17:00:00.000Z');
    expect(parisInstant({ date: '2026-07-14', time: '09:30' })).toBe('2026-07-14T07:30:00.000Z');
    // The night the clocks go forward: 01:30 is winter time, 03:30 summer time, 02:30 does not exist.
    expect(parisInstant({ date: '2026-03-29', time: '01:30' })).toBe('2026-03-29T00:30:00.000Z');
    expect(parisInstant({ date: '2026-03-29', time: '03:30' })).toBe('2026-03-29T01:30:00.000Z');
    expect(parisInstant({ date: '2026-03-29', time: '02:30' })).toBe('2026-03-29T01:30:00.000Z');
  });

  it('gives nothing for what is not a date and a time', () => {
    expect(parisInstant({ date: '2026-02-30', time: '10:00' })).toBe('');
    expect(parisInstant({ date: '', time: '10:00' })).toBe('');
    expect(parisInstant({ date: '2026-03-06', time: '' })).toBe('');
    expect(parisInstant({ date: '2026-03-06', time: '24:00' })).toBe('');
  });

  it('reads an instant as the Paris clock does, and starts a new promotion now for 7 days', () => {
    expect(parisTimeOf(new Date('2026-12-31T23:30:00Z'))).toEqual({ date: '2027-01-01', time: '00:30' });
    const defaults = promotionDefaults(new Date('2026-03-06T17:05:42Z'));
    expect(defaults).toMatchObject({
      kind: 'percent',
      scope: 'all',
      code: '',
      max_uses: '',
      max_uses_per_buyer: '1',
      starts_at: { date: '2026-03-06', time: '18:05' },
      ends_at: { date: '2026-03-13', time: '18:05' },
    });
  });
});

describe("the 'Créer une promotion' form checks what payments checks", () => {
  it('sends an automatic promotion: no code, cents, instants, no limit', () => {
    expect(promotionFormSchema.parse(form({ kind: 'amount', value: '2,5', min_basket_cents: '15' }))).toEqual({
      name: 'Week-end gourmand',
      code: null,
      kind: 'amount',
      value: 250,
      meal_ids: [],
      min_basket_cents: 1500,
      starts_at: '2026-03-06T17:00:00.000Z',
      ends_at: '2026-03-08T21:00:00.000Z',
      max_uses: null,
      max_uses_per_buyer: 1,
    });
  });

  it('sends a code in capitals, a percentage, the dishes ticked and the limits', () => {
    const input = promotionFormSchema.parse(
      form({ code: ' weekend10 ', value: '15 %', scope: 'chosen', meal_ids: ['m1', 'm2'], max_uses: '50', max_uses_per_buyer: '2' }),
    );
    expect(input).toMatchObject({
      code: 'WEEKEND10',
      kind: 'percent',
      value: 15,
      meal_ids: ['m1', 'm2'],
      max_uses: 50,
      max_uses_per_buyer: 2,
    });
    // Ticked, then 'Tous mes plats' again: every dish.
    expect(promotionFormSchema.parse(form({ scope: 'all', meal_ids: ['m1'] })).meal_ids).toEqual([]);
  });

  it("says in French what is wrong, under each field (the rules' messages)", () => {
    expect(messages(form({ name: '  ', code: 'a b', value: '0' }))).toEqual([
      `name: ${m.nameRequired}`,
      `code: ${m.code}`,
      `value: ${m.percent}`,
    ]);
    expect(messages(form({ value: '95' }))).toEqual([`value: ${m.percent}`]);
    expect(messages(form({ value: '10,5' }))).toEqual([`value: ${m.percent}`]);
    expect(messages(form({ kind: 'amount', value: 'deux' }))).toEqual([`value: ${m.amount}`]);
    expect(messages(form({ kind: 'amount', value: '150' }))).toEqual([`value: ${m.amount}`]);
    expect(messages(form({ min_basket_cents: 'dix' }))).toEqual([`min_basket_cents: ${m.minBasket}`]);
    expect(messages(form({ min_basket_cents: '600' }))).toEqual([`min_basket_cents: ${m.minBasket}`]);
    expect(messages(form({ max_uses: '0' }))).toEqual([`max_uses: ${m.uses}`]);
    expect(messages(form({ max_uses_per_buyer: '' }))).toEqual([`max_uses_per_buyer: ${m.perBuyer}`]);
    expect(messages(form({ max_uses_per_buyer: '101' }))).toEqual([`max_uses_per_buyer: ${m.perBuyer}`]);
  });

  it('wants the end after the start, within a year, and real dates', () => {
    expect(messages(form({ ends_at: { date: '2026-03-06', time: '18:00' } }))).toEqual([`ends_at: ${m.dates}`]);
    expect(messages(form({ ends_at: { date: '2027-03-08', time: '22:00' } }))).toEqual([`ends_at: ${m.duration}`]);
    expect(messages(form({ starts_at: { date: '', time: '18:00' } }))).toEqual([`starts_at: ${m.dateFormat}`]);
  });

  it("wants at least one dish ticked under 'Certains plats'", () => {
    expect(messages(form({ scope: 'chosen', meal_ids: [] }))).toEqual([`meal_ids: ${frPromotions.noMealChosen}`]);
  });
});
