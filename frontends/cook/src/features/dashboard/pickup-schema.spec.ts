import { PICKUP_FIELD_MESSAGES } from '@popote/rules';
import { describe, expect, it } from 'vitest';
import { pickupFormSchema } from './pickup-schema';

/** What the cook's form sends: no window, day off nor address yet. */
const form = { windows: [], days_off: [], address: null, cutoff_minutes: 120, slot_minutes: 30, capacity: 4, capacity_unit: 'orders' };
const messages = (value: unknown) => {
  const r = pickupFormSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the pick-up form checks what the catalogue checks', () => {
  it('accepts what the catalogue accepts', () => {
    expect(messages(form)).toEqual([]);
  });

  it('refuses a day off that does not exist under its field, before sending it', () => {
    expect(messages({ ...form, days_off: ['2026-12-25', '2026-02-30'] })).toEqual([`days_off.1: ${PICKUP_FIELD_MESSAGES.dateUnknown}`]);
  });
});
