import { PICKUP_FIELD_MESSAGES } from '@popote/rules';
import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  checkPickupForm,
  DELIVERY_DEFAULTS,
  deliveryFromForm,
  deliveryToForm,
  pickupFormSchema,
  type PickupForm,
} from './pickup-schema';

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

describe('delivery in the form (ADR 0044)', () => {
  const withAddress: PickupForm = {
    ...form,
    capacity_unit: 'orders',
    address: { street: '4 rue Paul Bert', postcode: '69003', commune_code: '69383' },
    delivery: null,
  };
  const delivery = deliveryToForm(DELIVERY_DEFAULTS);

  it('shows cents as euros typed in French, and reads them back', () => {
    expect([centsToEuros(500), centsToEuros(350), centsToEuros(0), centsToEuros(1500)]).toEqual(['5,00', '3,50', '0,00', '15,00']);
    expect(delivery).toMatchObject({ fee: '5,00', free_above: '' });
    expect(deliveryFromForm({ ...delivery, fee: '3,5', free_above: ' 25 € ' })).toMatchObject({ fee_cents: 350, free_above_cents: 2500 });
    expect(deliveryFromForm(delivery)).toEqual(DELIVERY_DEFAULTS);
  });

  it('sends delivery always: null until ticked, else the block in cents', () => {
    expect(checkPickupForm(withAddress, null).input?.delivery).toBeNull();
    expect(checkPickupForm({ ...withAddress, delivery }, null).input?.delivery).toEqual(DELIVERY_DEFAULTS);
  });

  it('keys the catalogue’s messages by field, an amount that is not one included', () => {
    const bad = { ...delivery, radius_km: 20, fee: 'cinq', free_above: '0' };
    expect(checkPickupForm({ ...withAddress, delivery: bad }, null).errors).toEqual({
      'delivery.radius_km': PICKUP_FIELD_MESSAGES.radius,
      'delivery.fee_cents': PICKUP_FIELD_MESSAGES.fee,
      'delivery.free_above_cents': PICKUP_FIELD_MESSAGES.freeAbove,
    });
    // (The checks across fields come once each field is valid: the catalogue's schema.)
    const short = { ...delivery, slot_minutes: 60 as const, windows: [{ weekday: 5, start: '18:00', end: '18:30' }] };
    expect(checkPickupForm({ ...withAddress, delivery: short }, null).errors).toEqual({
      'delivery.windows.0.end': PICKUP_FIELD_MESSAGES.windowTooShort,
    });
    expect(checkPickupForm({ ...withAddress, address: null, delivery }, null).errors).toEqual({
      'delivery.enabled': PICKUP_FIELD_MESSAGES.deliveryNeedsAddress,
    });
  });

  it('switched off, keeps what was typed when valid, else the saved delivery (off), else none', () => {
    const off = { ...delivery, enabled: false, fee: '2' };
    expect(checkPickupForm({ ...withAddress, delivery: off }, null).input?.delivery).toEqual({
      ...DELIVERY_DEFAULTS,
      enabled: false,
      fee_cents: 200,
    });
    const offBad = { ...off, radius_km: 40 };
    const saved = { ...DELIVERY_DEFAULTS, radius_km: 9 };
    expect(checkPickupForm({ ...withAddress, delivery: offBad }, saved).input?.delivery).toEqual({ ...saved, enabled: false });
    expect(checkPickupForm({ ...withAddress, delivery: offBad }, null).input?.delivery).toBeNull();
    // On, nothing is put in its place: the message shows under the field.
    expect(checkPickupForm({ ...withAddress, delivery: { ...offBad, enabled: true } }, saved).errors).toEqual({
      'delivery.radius_km': PICKUP_FIELD_MESSAGES.radius,
    });
  });
});
