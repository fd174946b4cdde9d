import { describe, expect, it } from 'vitest';
import { formatPrice } from './price';

// Intl puts a narrow no-break space (U+202F) between the amount and the euro sign.
const normalizeSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('formats cents as French euros with two decimals', () => {
    expect(normalizeSpaces(formatPrice(1250))).toBe('12,50 €');
    expect(normalizeSpaces(formatPrice(800))).toBe('8,00 €');
    expect(normalizeSpaces(formatPrice(5))).toBe('0,05 €');
    expect(normalizeSpaces(formatPrice(0))).toBe('0,00 €');
  });

  it('matches the shape the browser tests look for', () => {
    expect(formatPrice(1599)).toMatch(/^\d+,\d{2}\s€$/);
  });

  it('groups thousands the French way', () => {
    expect(normalizeSpaces(formatPrice(123456))).toBe('1 234,56 €');
  });

  it('rejects what is not a number of cents', () => {
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
