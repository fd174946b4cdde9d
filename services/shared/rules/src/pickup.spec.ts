import { describe, expect, it } from 'vitest';
import {
  deliveryFeeOf,
  makePickupSettingsInput,
  PICKUP_FIELD_MESSAGES as m,
  type DeliverySettingsInput,
  type PickupSettingsInput,
} from './pickup';

const schema = makePickupSettingsInput();
const base: PickupSettingsInput = {
  windows: [{ weekday: 2, start: '18:00', end: '20:00' }],
  days_off: ['2026-12-25'],
  address: { street: '3 rue des Lilas', postcode: '69001', commune_code: '69381' },
  cutoff_minutes: 120,
  slot_minutes: 30,
  capacity: 4,
  capacity_unit: 'orders',
  delivery: null,
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

describe('delivery settings (ADR 0044), in the same settings', () => {
  const delivery: DeliverySettingsInput = {
    enabled: true,
    radius_km: 5,
    fee_cents: 500,
    free_above_cents: null,
    windows: [{ weekday: 5, start: '18:00', end: '20:00' }],
    slot_minutes: 30,
    cutoff_minutes: 60,
    capacity: 3,
  };

  it('accepts delivery on, off, or not given (settings saved before it)', () => {
    expect(issues({ ...base, delivery })).toEqual([]);
    expect(issues({ ...base, delivery: { ...delivery, enabled: false, windows: [] } })).toEqual([]);
    const { delivery: _absent, ...before } = base;
    expect(schema.parse(before).delivery).toBeNull();
  });

  it.each([
    ['a radius of 0 km', { radius_km: 0 }, [`delivery.radius_km: ${m.radius}`]],
    ['a radius of 16 km', { radius_km: 16 }, [`delivery.radius_km: ${m.radius}`]],
    ['a fee of 15,01 €', { fee_cents: 1501 }, [`delivery.fee_cents: ${m.fee}`]],
    ['a negative fee', { fee_cents: -1 }, [`delivery.fee_cents: ${m.fee}`]],
    ['free above 0 €', { free_above_cents: 0 }, [`delivery.free_above_cents: ${m.freeAbove}`]],
    ['a 45-minute slot', { slot_minutes: 45 }, [`delivery.slot_minutes: ${m.deliverySlotLength}`]],
    ['no window while on', { windows: [] }, [`delivery.windows: ${m.deliveryNeedsWindows}`]],
    [
      'a window shorter than a slot',
      { slot_minutes: 60, windows: [{ weekday: 5, start: '18:00', end: '18:30' }] },
      [`delivery.windows.0.end: ${m.windowTooShort}`],
    ],
    [
      'overlapping windows',
      {
        windows: [
          { weekday: 5, start: '18:00', end: '20:00' },
          { weekday: 5, start: '19:00', end: '21:00' },
        ],
      },
      [`delivery.windows.1.start: ${m.windowsOverlap}`],
    ],
  ])('refuses %s, in French', (_, change, expected) => {
    expect(issues({ ...base, delivery: { ...delivery, ...change } })).toEqual(expected);
  });

  it('measures the radius from the pick-up commune: on, it needs the address', () => {
    expect(issues({ ...base, address: null, delivery })).toEqual([`delivery.enabled: ${m.deliveryNeedsAddress}`]);
    expect(issues({ ...base, address: null, delivery: { ...delivery, enabled: false } })).toEqual([]);
  });

  it('a pick-up window and a delivery window may share their hours (two ways to hand over)', () => {
    expect(issues({ ...base, delivery: { ...delivery, windows: [{ weekday: 2, start: '18:00', end: '20:00' }] } })).toEqual([]);
  });

  it('the fee: the cook’s, or nothing from the basket the cook set', () => {
    expect(deliveryFeeOf({ fee_cents: 500, free_above_cents: null }, 100_000)).toBe(500);
    expect(deliveryFeeOf({ fee_cents: 500, free_above_cents: 3000 }, 2999)).toBe(500);
    expect(deliveryFeeOf({ fee_cents: 500, free_above_cents: 3000 }, 3000)).toBe(0);
    expect(deliveryFeeOf({ fee_cents: 0, free_above_cents: null }, 1000)).toBe(0);
  });
});
