import { describe, expect, it } from 'vitest';
import { parisDay, parisTime, slotWithMargin } from './harness';

const at = (iso: string) => ({ start: iso });

describe('the slot a test picks (slotWithMargin)', () => {
  it('takes the first slot half an hour after the first offered, whatever the grid', () => {
    const quarters = ['2026-12-05T22:45:00.000Z', '2026-12-05T23:00:00.000Z', '2026-12-05T23:15:00.000Z', '2026-12-05T23:30:00.000Z'];
    expect(slotWithMargin(quarters.map(at))).toEqual(at('2026-12-05T23:15:00.000Z'));
    // A gap (23:45–00:00 Paris in the tests' windows) is stepped over, not counted.
    expect(slotWithMargin(['2026-12-05T22:30:00.000Z', '2026-12-05T23:00:00.000Z', '2026-12-05T23:15:00.000Z'].map(at))).toEqual(
      at('2026-12-05T23:00:00.000Z'),
    );
    expect(slotWithMargin(quarters.map(at), 2 * 3600_000)).toEqual(at('2026-12-05T23:30:00.000Z')); // the last, when none is that far
    expect(slotWithMargin([])).toBeUndefined();
  });
});

describe('Paris wall-clock times for tests', () => {
  it('gives the instant of a Paris time on a Paris day, in winter, in summer and across the changes of time', () => {
    // 23:50 in Paris on 5 December (UTC+1) is still the 5th; 00:10 is already the 6th.
    expect(parisDay(new Date('2026-12-05T22:50:00Z'))).toBe('2026-12-05');
    expect(parisDay(new Date('2026-12-05T23:10:00Z'))).toBe('2026-12-06');
    expect(parisTime(-1, '12:00', new Date('2026-12-05T22:50:00Z')).toISOString()).toBe('2026-12-04T11:00:00.000Z');
    expect(parisTime(1, '12:00', new Date('2026-12-05T23:10:00Z')).toISOString()).toBe('2026-12-07T11:00:00.000Z');
    expect(parisTime(0, '23:59', new Date('2026-07-01T08:00:00Z')).toISOString()).toBe('2026-07-01T21:59:00.000Z');
    // The Sunday the clocks go forward (28 March 2027) and back (31 October 2027): noon, whatever the offset the day began with.
    expect(parisTime(1, '12:00', new Date('2027-03-27T22:30:00Z')).toISOString()).toBe('2027-03-28T10:00:00.000Z');
    expect(parisTime(1, '12:00', new Date('2027-10-30T21:30:00Z')).toISOString()).toBe('2027-10-31T11:00:00.000Z');
    expect(parisTime(-1, '00:30', new Date('2027-03-29T10:00:00Z')).toISOString()).toBe('2027-03-27T23:30:00.000Z');
    expect(() => parisTime(1, '02:30', new Date('2027-03-27T12:00:00Z'))).toThrow(/does not exist/);
  });
});
