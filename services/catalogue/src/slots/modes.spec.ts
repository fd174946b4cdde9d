import { describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES } from '@popote/contracts';
import { feeOf, noSlotsOf, rulesOf, unknownSlotOf, withinRadius } from './modes';
import type { PickupSettings } from './slot.schema';

const LYON = { commune_code: '69381', commune: 'Lyon 1er', postcode: '69001', lat: 45.7676, lon: 4.8345 };
const settings = (delivery: Partial<NonNullable<PickupSettings['delivery']>> | null): PickupSettings =>
  ({
    _id: 'amina',
    windows: [{ weekday: 2, start: '18:00', end: '20:00' }],
    days_off: ['2026-12-25'],
    address: null,
    location: LYON,
    cutoff_minutes: 120,
    slot_minutes: 15,
    capacity: 8,
    capacity_unit: 'portions',
    delivery: delivery && {
      enabled: true,
      radius_km: 5,
      fee_cents: 500,
      free_above_cents: 3000,
      windows: [{ weekday: 5, start: '19:00', end: '21:00' }],
      slot_minutes: 60,
      cutoff_minutes: 240,
      capacity: 2,
      ...delivery,
    },
  }) as PickupSettings;

describe('one slot machinery in two modes (ADR 0044)', () => {
  it('reads pick-up from the settings and delivery from its own block, the days off shared, counted in orders', () => {
    expect(rulesOf(settings(null), 'pickup')).toMatchObject({ slot_minutes: 15, capacity: 8, capacity_unit: 'portions' });
    expect(rulesOf(settings({}), 'delivery')).toEqual({
      windows: [{ weekday: 5, start: '19:00', end: '21:00' }],
      days_off: ['2026-12-25'],
      cutoff_minutes: 240,
      slot_minutes: 60,
      capacity: 2,
      capacity_unit: 'orders',
    });
  });

  it('offers no delivery slot when delivery is off, never set, without windows or without a commune', () => {
    expect(rulesOf(settings(null), 'delivery')).toBeNull();
    expect(rulesOf(settings({ enabled: false }), 'delivery')).toBeNull();
    expect(rulesOf(settings({ windows: [] }), 'delivery')).toBeNull();
    expect(rulesOf({ ...settings({}), location: null }, 'delivery')).toBeNull();
    expect(rulesOf({ ...settings({}), windows: [] }, 'pickup')).toBeNull();
    expect(noSlotsOf('delivery').message).toBe(PICKUP_MESSAGES.deliveryOff);
    expect(noSlotsOf('pickup').message).toBe(PICKUP_MESSAGES.noWindows);
    expect(unknownSlotOf('delivery').message).toBe(PICKUP_MESSAGES.deliverySlotUnknown);
  });

  it('measures the radius between commune centres', () => {
    // Villeurbanne's centre is ~4.5 km from Lyon 1er's; Vienne's ~27 km.
    expect(withinRadius(settings({ radius_km: 5 }), { lat: 45.7719, lon: 4.8902 })).toBe(true);
    expect(withinRadius(settings({ radius_km: 3 }), { lat: 45.7719, lon: 4.8902 })).toBe(false);
    expect(withinRadius(settings({ radius_km: 15 }), { lat: 45.5255, lon: 4.8744 })).toBe(false);
    expect(withinRadius(settings(null), { lat: 45.7676, lon: 4.8345 })).toBe(false);
  });

  it('charges the fee for a delivery only, free from the cook’s threshold', () => {
    expect(feeOf(settings({}), 'delivery', 2999)).toBe(500);
    expect(feeOf(settings({}), 'delivery', 3000)).toBe(0);
    expect(feeOf(settings({ free_above_cents: null }), 'delivery', 100_000)).toBe(500);
    expect(feeOf(settings({}), 'pickup', 1000)).toBe(0);
  });
});
