import { describe, expect, it } from 'vitest';
import { campaignDay, countedDays, dayEnd, effectiveEnd } from './campaign-clock';

const DAY = 1_000;
const campaign = (stoppedAt: number | null = null) => ({
  starts_at: new Date(10_000),
  ends_at: new Date(13_000),
  stopped_at: stoppedAt === null ? null : new Date(stoppedAt),
  day_ms: DAY,
  days: 3,
});

describe('campaign clock: days are windows of day_ms from the start, cut by a stop', () => {
  it('places an instant in its day, and nowhere outside the campaign', () => {
    const c = campaign();
    expect(campaignDay(c, 9_999)).toBeNull();
    expect(campaignDay(c, 10_000)).toBe(0);
    expect(campaignDay(c, 10_999)).toBe(0);
    expect(campaignDay(c, 11_000)).toBe(1);
    expect(campaignDay(c, 12_999)).toBe(2);
    expect(campaignDay(c, 13_000)).toBeNull();
  });

  it('a stop ends the counting at once, cuts that day short and leaves the later days out', () => {
    const c = campaign(11_500);
    expect(effectiveEnd(c)).toBe(11_500);
    expect(campaignDay(c, 11_499)).toBe(1);
    expect(campaignDay(c, 11_500)).toBeNull();
    expect(dayEnd(c, 0)).toBe(11_000);
    expect(dayEnd(c, 1)).toBe(11_500);
    expect(countedDays(c)).toBe(2);
    expect(countedDays(campaign(11_000))).toBe(1);
    expect(countedDays(campaign(10_000))).toBe(0);
    expect(countedDays(campaign())).toBe(3);
  });
});
