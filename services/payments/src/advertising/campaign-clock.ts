import type { Campaign } from './advertising.schema';

/** When a campaign stops counting: its end, or when its cook stopped it. */
export const effectiveEnd = (c: Pick<Campaign, 'ends_at' | 'stopped_at'>): number =>
  Math.min(+new Date(c.ends_at), c.stopped_at ? +new Date(c.stopped_at) : Infinity);

/** The campaign day `at` falls in (0-based), or null outside the campaign. Days are `day_ms` windows from its start. */
export function campaignDay(c: Pick<Campaign, 'starts_at' | 'ends_at' | 'stopped_at' | 'day_ms' | 'days'>, at: number): number | null {
  const start = +new Date(c.starts_at);
  if (at < start || at >= effectiveEnd(c)) return null;
  const day = Math.floor((at - start) / c.day_ms);
  return day < c.days ? day : null;
}

/** The end of a campaign day's window (its stop cuts it short). */
export const dayEnd = (c: Pick<Campaign, 'starts_at' | 'ends_at' | 'stopped_at' | 'day_ms'>, day: number): number =>
  Math.min(+new Date(c.starts_at) + (day + 1) * c.day_ms, effectiveEnd(c));

/** The days that began before the campaign stopped counting: each gets its spend entry. */
export function countedDays(c: Pick<Campaign, 'starts_at' | 'ends_at' | 'stopped_at' | 'day_ms' | 'days'>): number {
  const span = effectiveEnd(c) - +new Date(c.starts_at);
  return Math.max(0, Math.min(c.days, Math.ceil(span / c.day_ms)));
}

/** How long after a window ends its spend is settled: displays on their way get in first. */
export const settleGrace = (dayMs: number) => Math.min(30_000, Math.floor(dayMs / 4));
