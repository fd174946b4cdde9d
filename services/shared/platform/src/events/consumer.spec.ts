import { describe, expect, it } from 'vitest';
import { redeliveryDelayMs, retryBudgetMs, retrySchedule } from './consumer';

describe('redeliveryDelayMs', () => {
  it('backs off exponentially from one second', () => {
    expect([1, 2, 3, 4].map((n) => redeliveryDelayMs(n))).toEqual([1000, 2000, 4000, 8000]);
  });
  it('is capped at thirty seconds by default', () => {
    expect(redeliveryDelayMs(12)).toBe(30_000);
  });
});

describe('retry policies', () => {
  const opts = { maxDeliver: 5, criticalMaxDeliver: 40 };
  it('standard handlers give up after seconds', () => {
    expect(retryBudgetMs(retrySchedule('standard', opts))).toBe(1000 + 2000 + 4000 + 8000);
  });
  it('money and stock handlers keep retrying for hours, ten minutes apart at most', () => {
    const schedule = retrySchedule('hours', opts);
    expect(schedule.capMs).toBe(600_000);
    expect(redeliveryDelayMs(30, schedule.capMs)).toBe(600_000);
    // 1 s … 512 s, then 10 min: about 5 hours before a money event is dead-lettered.
    expect(retryBudgetMs(schedule) / 3_600_000).toBeGreaterThan(4.5);
  });
});
