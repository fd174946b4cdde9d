import { describe, expect, it } from 'vitest';
import { euros, splitOrder, splitOrderTotal } from './payments';

describe('commission split (integer cents, commission rounded half up, cook share = total − commission)', () => {
  it('takes 15 % of 20,00 € exactly', () => expect(splitOrderTotal(2000, 1500)).toEqual({ commission_cents: 300, cook_cents: 1700 }));
  it('rounds half a cent up: 15 % of 0,10 € is 1,5 c → 2 c', () =>
    expect(splitOrderTotal(10, 1500)).toEqual({ commission_cents: 2, cook_cents: 8 }));
  it('rounds below half down: 15 % of 0,03 € is 0,45 c → 0 c', () =>
    expect(splitOrderTotal(3, 1500)).toEqual({ commission_cents: 0, cook_cents: 3 }));
  it('rounds above half up: 15 % of 12,99 € is 194,85 c → 195 c', () =>
    expect(splitOrderTotal(1299, 1500)).toEqual({ commission_cents: 195, cook_cents: 1104 }));
  it('splits a zero total into zeros, and takes nothing at 0 %', () => {
    expect(splitOrderTotal(0, 1500)).toEqual({ commission_cents: 0, cook_cents: 0 });
    expect(splitOrderTotal(1234, 0)).toEqual({ commission_cents: 0, cook_cents: 1234 });
  });
  it('takes half at the 50 % maximum, the odd cent to the platform (half up)', () =>
    expect(splitOrderTotal(101, 5000)).toEqual({ commission_cents: 51, cook_cents: 50 }));
  it('always adds up to the total, for every total up to 100 € and several rates', () => {
    for (const rate of [0, 1, 1250, 1500, 3333, 5000])
      for (let total = 0; total <= 10_000; total++) {
        const { commission_cents, cook_cents } = splitOrderTotal(total, rate);
        expect(commission_cents + cook_cents).toBe(total);
        expect(Number.isInteger(commission_cents) && commission_cents >= 0 && cook_cents >= 0).toBe(true);
        expect(Math.abs(commission_cents - (total * rate) / 10_000)).toBeLessThanOrEqual(0.5);
      }
  });
  it('stays exact on large totals (no floating point drift)', () =>
    expect(splitOrderTotal(99_999_999, 1500)).toEqual({ commission_cents: 15_000_000, cook_cents: 84_999_999 }));
  it('refuses fractional cents, negative totals and rates outside 0–50 %', () => {
    expect(() => splitOrderTotal(10.5, 1500)).toThrow();
    expect(() => splitOrderTotal(-1, 1500)).toThrow();
    expect(() => splitOrderTotal(100, 5001)).toThrow();
    expect(() => splitOrderTotal(100, 12.5)).toThrow();
  });
  it('writes amounts the French way', () => {
    expect(euros(123456)).toBe('1234,56 €');
    expect(euros(5)).toBe('0,05 €');
    expect(euros(-250)).toBe('−2,50 €');
  });
});

describe('an order with a delivery fee (ADR 0044): commission on the dishes only, the fee the cook’s', () => {
  it('10,50 € of dishes + 5,00 € of delivery at 15 %: 1,58 € of commission, 13,92 € to the cook', () =>
    expect(splitOrder(1550, 500, 1500)).toEqual({ commission_cents: 158, cook_cents: 1392 }));
  it('is splitOrderTotal without a fee', () => expect(splitOrder(1299, 0, 1500)).toEqual(splitOrderTotal(1299, 1500)));
  it('adds up for every total up to 100 € and fee up to 15 €, the commission never depending on the fee', () => {
    for (let dishes = 0; dishes <= 10_000; dishes += 97)
      for (let fee = 0; fee <= 1500; fee += 250)
        for (const rate of [0, 500, 1000, 1500, 2000, 5000]) {
          const split = splitOrder(dishes + fee, fee, rate);
          expect(split.commission_cents + split.cook_cents).toBe(dishes + fee);
          expect(split.commission_cents).toBe(splitOrderTotal(dishes, rate).commission_cents);
        }
  });
  it('refuses a fee above the total or negative', () => {
    expect(() => splitOrder(100, 101, 1500)).toThrow(/fee out of range/);
    expect(() => splitOrder(100, -1, 1500)).toThrow(/fee out of range/);
  });
});
