import { describe, expect, it } from 'vitest';
import { parisDayOf, purgeDayOf } from './address-retention';

describe('the retention of delivery addresses (ADR 0044)', () => {
  it('drops an address on the Paris day 30 days after its slot ends', () => {
    expect(purgeDayOf(new Date('2026-12-11T18:30:00.000Z'))).toBe('2027-01-10');
    // 23:30 UTC is already the next day in Paris (00:30).
    expect(purgeDayOf(new Date('2026-12-11T23:30:00.000Z'))).toBe('2027-01-11');
    expect(parisDayOf(new Date('2026-07-01T22:30:00.000Z'))).toBe('2026-07-02');
  });
});
