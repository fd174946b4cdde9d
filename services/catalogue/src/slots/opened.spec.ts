import { describe, expect, it } from 'vitest';
import { parisDate, slotsOpened } from './opened';

const tue = (start: string, end: string) => ({ weekday: 2, start, end });
const settings = (windows: { weekday: number; start: string; end: string }[], days_off: string[] = []) => ({ windows, days_off });
const TODAY = '2026-12-01'; // a Tuesday

describe('pick-up opened: what a save of the settings opens that followers hear of', () => {
  it('the first save opens every weekday it gives hours to; none when it gives none', () => {
    expect(slotsOpened(null, settings([tue('18:00', '20:00'), { weekday: 6, start: '10:00', end: '12:00' }]), TODAY)).toEqual({
      weekdays: [2, 6],
      days: [],
    });
    expect(slotsOpened(null, settings([]), TODAY)).toBeNull();
  });

  it('a new weekday, a longer window or a window added are more; the same hours split or fewer are not', () => {
    const before = settings([tue('18:00', '20:00')]);
    expect(slotsOpened(before, settings([tue('18:00', '20:00'), { weekday: 4, start: '18:00', end: '19:00' }]), TODAY)).toEqual({
      weekdays: [4],
      days: [],
    });
    expect(slotsOpened(before, settings([tue('17:30', '20:00')]), TODAY)).toEqual({ weekdays: [2], days: [] });
    expect(slotsOpened(before, settings([tue('12:00', '13:00'), tue('18:00', '20:00')]), TODAY)).toEqual({ weekdays: [2], days: [] });
    expect(slotsOpened(before, settings([tue('18:00', '19:00'), tue('19:00', '20:00')]), TODAY)).toBeNull();
    expect(slotsOpened(before, settings([tue('18:30', '19:30')]), TODAY)).toBeNull();
    expect(slotsOpened(before, settings([]), TODAY)).toBeNull();
    // Hours moved: the new ones are new, whatever was taken away.
    expect(slotsOpened(before, settings([tue('20:00', '21:00')]), TODAY)).toEqual({ weekdays: [2], days: [] });
  });

  it('a coming day off taken back is more (if its weekday has hours); a past one, or a new day off, is not', () => {
    const before = settings([tue('18:00', '20:00')], ['2026-11-24', '2026-12-08', '2026-12-10']);
    // 2026-12-08 is a Tuesday (hours), 2026-12-10 a Thursday (none), 2026-11-24 is past.
    expect(slotsOpened(before, settings([tue('18:00', '20:00')], []), TODAY)).toEqual({ weekdays: [], days: ['2026-12-08'] });
    expect(
      slotsOpened(before, settings([tue('18:00', '20:00')], ['2026-11-24', '2026-12-08', '2026-12-10', '2026-12-15']), TODAY),
    ).toBeNull();
    expect(slotsOpened(before, settings([tue('18:00', '20:00')], ['2026-12-08']), TODAY)).toBeNull();
  });

  it('dates are Paris dates', () => {
    expect(parisDate(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-02');
    expect(parisDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
