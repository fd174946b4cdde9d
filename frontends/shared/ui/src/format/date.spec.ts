import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime, formatSlot, formatSlotDayTitle } from './date';
import { formatRating } from './rating';

describe('formatLongDate', () => {
  it('writes the date in French long form', () => {
    expect(formatLongDate(new Date(2024, 2, 1))).toBe('1 mars 2024');
    expect(formatLongDate(new Date(2026, 10, 21, 18, 30))).toBe('21 novembre 2026');
  });

  it('accepts an ISO string', () => {
    expect(formatLongDate('2026-07-14T12:00:00')).toBe('14 juillet 2026');
  });

  it('rejects an invalid date', () => {
    expect(() => formatLongDate('pas une date')).toThrow(RangeError);
  });
});

describe('formatLongDateTime', () => {
  it('adds the time to the long date', () => {
    expect(formatLongDateTime(new Date(2026, 10, 21, 18, 30))).toBe('21 novembre 2026 à 18:30');
  });

  it('rejects an invalid date', () => {
    expect(() => formatLongDateTime('pas une date')).toThrow(RangeError);
  });
});

describe('formatRating', () => {
  it('keeps one decimal with a French comma', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(4)).toBe('4,0');
    expect(formatRating(3.96)).toBe('4,0');
  });
});

describe('formatSlot', () => {
  it('writes a pick-up slot in Paris time, winter and summer', () => {
    expect(formatSlot('2026-01-13T17:00:00Z', '2026-01-13T17:30:00Z')).toBe('mardi 13 janvier, 18:00–18:30');
    expect(formatSlot('2026-06-16T16:00:00Z', '2026-06-16T16:30:00Z')).toBe('mardi 16 juin, 18:00–18:30');
    expect(formatSlotDayTitle('2026-01-13T23:30:00Z')).toBe('Mercredi 14 janvier');
  });
});
