import { describe, expect, it } from 'vitest';
import { findSlot, openSlots, refusal, slotKey, slotsBetween, type SlotRules } from './slot-times';

const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  windows: [{ weekday: 2, start: '18:00', end: '19:00' }], // Tuesdays
  days_off: [],
  cutoff_minutes: 120,
  slot_minutes: 30,
  capacity: 2,
  ...over,
});
const at = (iso: string) => new Date(iso);
const keys = (slots: { start: Date }[]) => slots.map((s) => slotKey(s.start));
const query = (now: string, over: Partial<Parameters<typeof openSlots>[1]> = {}) => ({
  now: at(now),
  availableFrom: null,
  amount: 1,
  used: new Map<string, number>(),
  days: 14,
  ...over,
});

describe('pick-up slots (Europe/Paris)', () => {
  it('cuts a weekday window into slots, in Paris time (winter: UTC+1, summer: UTC+2)', () => {
    // Monday 12 January 2026 → Tuesday 13 January.
    expect(keys(slotsBetween(rules(), at('2026-01-12T10:00:00Z'), 2))).toEqual(['2026-01-13T17:00:00.000Z', '2026-01-13T17:30:00.000Z']);
    // Monday 15 June 2026 → Tuesday 16 June.
    expect(keys(slotsBetween(rules(), at('2026-06-15T10:00:00Z'), 2))).toEqual(['2026-06-16T16:00:00.000Z', '2026-06-16T16:30:00.000Z']);
  });

  it('keeps the wall-clock time across the spring change (last Sunday of March) and drops the hour that does not exist', () => {
    // Sunday 29 March 2026: 02:00 → 03:00. A window 01:30–03:30 keeps 01:30 (UTC+1) and 03:00 (UTC+2).
    const sunday = rules({ windows: [{ weekday: 7, start: '01:30', end: '03:30' }] });
    expect(keys(slotsBetween(sunday, at('2026-03-28T12:00:00Z'), 2))).toEqual(['2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z']);
    // The Tuesday after the change is UTC+2; the one before, UTC+1.
    expect(keys(slotsBetween(rules(), at('2026-03-23T12:00:00Z'), 9))).toEqual([
      '2026-03-24T17:00:00.000Z',
      '2026-03-24T17:30:00.000Z',
      '2026-03-31T16:00:00.000Z',
      '2026-03-31T16:30:00.000Z',
    ]);
  });

  it('offers the repeated hour of the autumn change once (last Sunday of October)', () => {
    // Sunday 25 October 2026: 03:00 → 02:00; 02:00–02:30 happens twice: offered once.
    const sunday = rules({ windows: [{ weekday: 7, start: '01:30', end: '03:00' }] });
    const slots = slotsBetween(sunday, at('2026-10-24T12:00:00Z'), 2);
    expect(keys(slots)).toEqual(['2026-10-24T23:30:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T00:30:00.000Z']);
    expect(slots.every((s) => s.end.getTime() - s.start.getTime() === 30 * 60_000)).toBe(true);
  });

  it('skips days off and slots that would end after the window', () => {
    const r = rules({ windows: [{ weekday: 2, start: '18:00', end: '19:15' }], days_off: ['2026-01-13'] });
    expect(keys(slotsBetween(r, at('2026-01-12T10:00:00Z'), 9))).toEqual(['2026-01-20T17:00:00.000Z', '2026-01-20T17:30:00.000Z']);
  });

  it('closes a slot at the cutoff and refuses one that has started', () => {
    const r = rules();
    // Tuesday 13 January, 15:00 Paris: the 18:00 slot closes at 16:00 (cutoff 2 h), so both are open.
    expect(keys(openSlots(r, query('2026-01-13T14:00:00Z', { days: 1 })))).toEqual([
      '2026-01-13T17:00:00.000Z',
      '2026-01-13T17:30:00.000Z',
    ]);
    // 16:10 Paris: 18:00 closed (cutoff 2 h), 18:30 still open until 16:30.
    expect(keys(openSlots(r, query('2026-01-13T15:10:00Z', { days: 1 })))).toEqual(['2026-01-13T17:30:00.000Z']);
    const slot = { start: at('2026-01-13T17:00:00Z'), end: at('2026-01-13T17:30:00Z'), remaining: 2 };
    expect(refusal(r, slot, { now: at('2026-01-13T15:10:00Z'), availableFrom: null, amount: 1 })).toBe('slot_cutoff');
    expect(refusal(r, slot, { now: at('2026-01-13T17:05:00Z'), availableFrom: null, amount: 1 })).toBe('slot_past');
  });

  it('counts capacity (orders or portions) and hides full slots', () => {
    const used = new Map([['2026-01-13T17:00:00.000Z', 2]]);
    expect(keys(openSlots(rules(), query('2026-01-12T10:00:00Z', { days: 2, used })))).toEqual(['2026-01-13T17:30:00.000Z']);
    const some = new Map([['2026-01-13T17:00:00.000Z', 1]]);
    // 2 portions asked, 1 place left: not offered.
    expect(keys(openSlots(rules(), query('2026-01-12T10:00:00Z', { days: 2, used: some, amount: 2 })))).toEqual([
      '2026-01-13T17:30:00.000Z',
    ]);
    expect(openSlots(rules(), query('2026-01-12T10:00:00Z', { days: 2, used: some }))[0].remaining).toBe(1);
  });

  it("waits for the dishes' available_date", () => {
    const q = query('2026-01-12T10:00:00Z', { days: 9, availableFrom: at('2026-01-14T00:00:00Z') });
    expect(keys(openSlots(rules(), q))).toEqual(['2026-01-20T17:00:00.000Z', '2026-01-20T17:30:00.000Z']);
  });

  it("recognises only the cook's own slots", () => {
    const now = at('2026-01-12T10:00:00Z');
    expect(findSlot(rules(), at('2026-01-13T17:30:00Z'), now, 14)?.end).toEqual(at('2026-01-13T18:00:00Z'));
    expect(findSlot(rules(), at('2026-01-13T17:15:00Z'), now, 14)).toBeNull(); // not on the grid
    expect(findSlot(rules(), at('2026-01-14T17:00:00Z'), now, 14)).toBeNull(); // a Wednesday
    expect(findSlot(rules(), at('2026-03-13T17:00:00Z'), now, 14)).toBeNull(); // beyond the horizon
    // Just past: recognised (then refused as past, not as unknown).
    expect(findSlot(rules(), at('2026-01-13T17:00:00Z'), at('2026-01-13T18:10:00Z'), 14)).not.toBeNull();
  });
});
