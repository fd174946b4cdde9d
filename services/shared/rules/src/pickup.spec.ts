import { describe, expect, it } from 'vitest';
import { makePickupSettingsInput, PICKUP_FIELD_MESSAGES as m, type PickupSettingsInput } from './pickup';

const schema = makePickupSettingsInput();
const base: PickupSettingsInput = {
  windows: [{ weekday: 2, start: '18:00', end: '20:00' }],
  days_off: ['2026-12-25'],
  address: { street: '3 rue des Lilas', postcode: '69001', commune_code: '69381' },
  cutoff_minutes: 120,
  slot_minutes: 30,
  capacity: 4,
  capacity_unit: 'orders',
};
const issues = (value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).sort();
};

describe('pick-up settings, as the catalogue and the cook’s form check them', () => {
  it('accepts valid settings, and no address yet', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, address: null })).toEqual([]);
  });

  it.each([
    ['end before start', { windows: [{ weekday: 2, start: '20:00', end: '18:00' }] }, [`windows.0.end: ${m.windowOrder}`]],
    ['too short for a slot', { windows: [{ weekday: 2, start: '18:00', end: '18:15' }] }, [`windows.0.end: ${m.windowTooShort}`]],
    [
      'overlapping',
      {
        windows: [
          { weekday: 2, start: '18:00', end: '20:00' },
          { weekday: 2, start: '19:00', end: '21:00' },
        ],
      },
      [`windows.1.start: ${m.windowsOverlap}`],
    ],
    [
      'bad time',
      { windows: [{ weekday: 8, start: '25:00', end: '20:00' }] },
      [`windows.0.end: ${m.windowOrder}`, `windows.0.start: ${m.timeFormat}`, `windows.0.weekday: ${m.weekday}`],
    ],
    [
      'bad address',
      { address: { street: ' ', postcode: '690', commune_code: '' } },
      [
        `address.commune_code: ${m.communeRequired}`,
        `address.commune_code: ${m.communeCode}`,
        `address.postcode: ${m.postcode}`,
        `address.street: ${m.street}`,
      ],
    ],
    [
      'no commune chosen',
      { address: { street: '3 rue des Lilas', postcode: '69001', commune_code: 'Lyon' } },
      [`address.commune_code: ${m.communeCode}`],
    ],
    [
      'bad numbers',
      { cutoff_minutes: 3000, capacity: 0, slot_minutes: 20 },
      [`capacity: ${m.capacity}`, `cutoff_minutes: ${m.cutoff}`, `slot_minutes: ${m.slotLength}`],
    ],
    [
      'too many windows',
      {
        windows: Array.from({ length: 22 }, (_, i) => ({
          weekday: (i % 7) + 1,
          start: `${String(i).padStart(2, '0')}:00`,
          end: `${String(i).padStart(2, '0')}:45`,
        })),
      },
      [`windows: ${m.tooManyWindows}`],
    ],
  ])('%s: says which field, in French', (_, change, expected) => {
    expect(issues({ ...base, ...change })).toEqual([...expected].sort());
  });

  it('accepts real calendar days off, leap days included', () => {
    expect(issues({ ...base, days_off: ['2026-12-25', '2028-02-29', '2026-01-31'] })).toEqual([]);
  });

  it.each(['2026-13-45', '2026-02-29', '2026-04-31', '2026-00-10', '2026-01-00', '2100-02-29'])(
    'refuses %s, a day that does not exist',
    (day) => {
      expect(issues({ ...base, days_off: ['2026-12-25', day] })).toEqual([`days_off.1: ${m.dateUnknown}`]);
    },
  );

  it('says the format once for what is not a date at all', () => {
    expect(issues({ ...base, days_off: ['25/12/2026'] })).toEqual([`days_off.0: ${m.dateFormat}`]);
  });
});
