import { describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES, pickupSettingsInput, type PickupSettingsInput } from './pickup';

const settings = (days_off: string[]): PickupSettingsInput => ({
  windows: [{ weekday: 2, start: '18:00', end: '20:00' }],
  days_off,
  address: null,
  cutoff_minutes: 60,
  slot_minutes: 30,
  capacity: 4,
  capacity_unit: 'orders',
});
const messages = (days_off: string[]) => {
  const parsed = pickupSettingsInput.safeParse(settings(days_off));
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('pick-up settings: days off', () => {
  it('accepts real calendar days, leap days included', () => {
    expect(messages(['2026-12-25', '2028-02-29', '2026-01-31'])).toEqual([]);
  });

  it.each(['2026-13-45', '2026-02-29', '2026-04-31', '2026-00-10', '2026-01-00', '2100-02-29'])(
    'refuses %s, a day that does not exist, in French',
    (day) => {
      expect(messages(['2026-12-25', day])).toEqual([['days_off.1', PICKUP_MESSAGES.dateUnknown]]);
    },
  );

  it('says the format once for what is not a date at all', () => {
    expect(messages(['25/12/2026'])).toEqual([['days_off.0', PICKUP_MESSAGES.dateFormat]]);
  });
});
