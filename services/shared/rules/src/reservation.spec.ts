import { describe, expect, it } from 'vitest';
import { RESERVATION_LIMITS, reservablePortions } from './reservation';

describe('what one reservation may hold of a dish', () => {
  it('a small stock whole, half of a larger one, never above the per-line cap', () => {
    expect([0, 1, 3, 4, 5, 8, 9, 10, 11, 30, 40, 41, 100, 1000].map(reservablePortions)).toEqual([
      10, 10, 10, 10, 10, 10, 10, 10, 10, 15, 20, 20, 20, 20,
    ]);
    expect(RESERVATION_LIMITS.cooksMax).toBe(5);
  });
});
