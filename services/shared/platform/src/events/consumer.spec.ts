import { describe, expect, it } from 'vitest';
import { redeliveryDelayMs } from './consumer';

describe('redeliveryDelayMs', () => {
  it('backs off exponentially from one second', () => {
    expect([1, 2, 3, 4].map(redeliveryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
  });
  it('is capped at thirty seconds', () => {
    expect(redeliveryDelayMs(12)).toBe(30_000);
  });
});
