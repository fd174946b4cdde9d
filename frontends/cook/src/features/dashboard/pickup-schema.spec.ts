// The catalogue's own rules, read by this test only (no frontend code imports a service package).
import { PICKUP_MESSAGES, pickupSettingsInput } from '@popote/contracts/src/pickup';
import { describe, expect, it } from 'vitest';
import { PICKUP_FORM_MESSAGES, pickupFormSchema } from './pickup-schema';

const base = {
  windows: [{ weekday: 2, start: '18:00', end: '20:00' }],
  days_off: ['2026-12-25'],
  address: { street: '3 rue des Lilas', postcode: '69001', commune_code: '69381' },
  cutoff_minutes: 120,
  slot_minutes: 30 as const,
  capacity: 4,
  capacity_unit: 'orders' as const,
};
const issues = (schema: typeof pickupFormSchema | typeof pickupSettingsInput, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).sort();
};

describe('the pick-up form checks what the catalogue checks, with its messages', () => {
  it('has the same messages', () => {
    for (const [k, v] of Object.entries(PICKUP_FORM_MESSAGES)) expect(PICKUP_MESSAGES[k as keyof typeof PICKUP_MESSAGES], k).toBe(v);
  });

  it.each([
    ['valid', base],
    ['end before start', { ...base, windows: [{ weekday: 2, start: '20:00', end: '18:00' }] }],
    ['too short for a slot', { ...base, windows: [{ weekday: 2, start: '18:00', end: '18:15' }] }],
    [
      'overlapping',
      {
        ...base,
        windows: [
          { weekday: 2, start: '18:00', end: '20:00' },
          { weekday: 2, start: '19:00', end: '21:00' },
        ],
      },
    ],
    ['bad time', { ...base, windows: [{ weekday: 8, start: '25:00', end: '20:00' }] }],
    ['bad address', { ...base, address: { street: ' ', postcode: '690', commune_code: '' } }],
    ['no commune chosen', { ...base, address: { street: '3 rue des Lilas', postcode: '69001', commune_code: 'Lyon' } }],
    ['bad numbers', { ...base, cutoff_minutes: 3000, capacity: 0, slot_minutes: 20 }],
    ['bad date', { ...base, days_off: ['25/12/2026'] }],
  ])('%s', (_, value) => {
    expect(issues(pickupFormSchema, value)).toEqual(issues(pickupSettingsInput, value));
  });
});
