import type { PickupSettingsInput } from '@popote/contracts';

/** Pick-up settings of a test cook at an address in `commune_code` (Tuesdays 18:00–20:00, 4 orders a slot). */
export const rules = (postcode: string, commune_code: string): PickupSettingsInput => ({
  windows: [{ weekday: 2, start: '18:00', end: '20:00' }],
  days_off: [],
  address: { street: '1 rue du Test', postcode, commune_code },
  cutoff_minutes: 60,
  slot_minutes: 30,
  capacity: 4,
  capacity_unit: 'orders',
});
