import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance';

describe('formatDistance', () => {
  it('writes kilometres the French way', () => {
    expect(formatDistance(2412)).toBe('à 2,4\u00a0km');
    expect(formatDistance(800)).toBe('à 0,8\u00a0km');
    expect(formatDistance(9960)).toBe('à 10,0\u00a0km');
    expect(formatDistance(12_800)).toBe('à 13\u00a0km');
    expect(formatDistance(391_700)).toBe('à 392\u00a0km');
  });

  it('says "in your commune" for the same commune', () => {
    expect(formatDistance(0)).toBe('dans votre commune');
  });

  it('refuses what is not a distance', () => {
    expect(() => formatDistance(-1)).toThrow(RangeError);
    expect(() => formatDistance(Number.NaN)).toThrow(RangeError);
  });
});
