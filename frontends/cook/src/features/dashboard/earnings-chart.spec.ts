import { describe, expect, it } from 'vitest';
import { formatDay, niceMaxCents } from './earnings-chart';

describe('earnings chart', () => {
  it('rounds the axis up to 1, 2 or 5 × 10^n euros (10 € at least)', () => {
    expect(niceMaxCents(0)).toBe(1000);
    expect(niceMaxCents(1250)).toBe(2000);
    expect(niceMaxCents(3700)).toBe(5000);
    expect(niceMaxCents(5000)).toBe(5000);
    expect(niceMaxCents(12_345)).toBe(20_000);
    expect(niceMaxCents(99_000)).toBe(100_000);
  });

  it('labels days in French without shifting them', () => {
    expect(formatDay('2026-11-21')).toBe('21 nov.');
    expect(formatDay('2026-01-01', true)).toBe('jeudi 1 janvier');
  });
});
