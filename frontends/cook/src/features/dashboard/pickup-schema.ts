// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import type { PickupSettingsInput } from '@popote/graphql';
import { DELIVERY_LIMITS, eurosToCents, makePickupSettingsInput, PICKUP_FIELD_MESSAGES } from '@popote/rules';
import type { z } from 'zod';

/**
 * The pick-up form's checks: the catalogue's own schema (@popote/rules), so that each field shows
 * the catalogue's French message before anything is sent; the server checks again.
 */
export const pickupFormSchema = makePickupSettingsInput() satisfies z.ZodType<PickupSettingsInput>;

export type DeliverySettingsInput = NonNullable<PickupSettingsInput['delivery']>;

/** Delivery by the cook (ADR 0044) as the form holds it: the amounts as typed in euros ("5,00"; "" = never free). */
export type DeliveryForm = Omit<DeliverySettingsInput, 'fee_cents' | 'free_above_cents'> & { fee: string; free_above: string };

/** The pick-up settings as the form holds them: `delivery` null until the cook first ticks « Proposer la livraison ». */
export type PickupForm = Omit<PickupSettingsInput, 'delivery'> & { delivery: DeliveryForm | null };

/** What ticking « Proposer la livraison » the first time fills in (to adjust). */
export const DELIVERY_DEFAULTS: DeliverySettingsInput = {
  enabled: true,
  radius_km: 5,
  fee_cents: DELIVERY_LIMITS.feeDefaultCents,
  free_above_cents: null,
  windows: [{ weekday: 5, start: '18:00', end: '20:00' }],
  slot_minutes: 30,
  cutoff_minutes: 120,
  capacity: 3,
};

/** 350 → "3,50": cents as a cook types euros (no sign, no space). */
export const centsToEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Saved delivery settings (or the defaults) → the form; only the input's fields (not the answer's `__typename`). */
export const deliveryToForm = (d: DeliverySettingsInput): DeliveryForm => ({
  enabled: d.enabled,
  radius_km: d.radius_km,
  fee: centsToEuros(d.fee_cents),
  free_above: d.free_above_cents === null || d.free_above_cents === undefined ? '' : centsToEuros(d.free_above_cents),
  windows: d.windows.map(({ weekday, start, end }) => ({ weekday, start, end })),
  slot_minutes: d.slot_minutes === 60 ? 60 : 30,
  cutoff_minutes: d.cutoff_minutes,
  capacity: d.capacity,
});

/** The euros typed → cents (NaN when not an amount: the field's message then). */
export const deliveryFromForm = ({ fee, free_above, ...rest }: DeliveryForm): DeliverySettingsInput => ({
  ...rest,
  fee_cents: eurosToCents(fee),
  free_above_cents: free_above.trim() ? eurosToCents(free_above) : null,
});

/** A number field left empty or not a number: its own message rather than zod's English one. */
const NOT_A_NUMBER: Record<string, string> = {
  capacity: PICKUP_FIELD_MESSAGES.capacity,
  'delivery.radius_km': PICKUP_FIELD_MESSAGES.radius,
  'delivery.fee_cents': PICKUP_FIELD_MESSAGES.fee,
  'delivery.free_above_cents': PICKUP_FIELD_MESSAGES.freeAbove,
  'delivery.capacity': PICKUP_FIELD_MESSAGES.capacity,
};

export type PickupCheck = { input: z.output<typeof pickupFormSchema>; errors: null } | { input: null; errors: Record<string, string> };

function check(input: PickupSettingsInput): PickupCheck {
  const parsed = pickupFormSchema.safeParse(input);
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= (issue.code === 'invalid_type' ? NOT_A_NUMBER[path] : undefined) ?? issue.message; // the first per field
  }
  return { input: null, errors };
}

/**
 * The form → the settings sent (always with `delivery`: null, or the block), or the catalogue's
 * messages keyed by field (`delivery.radius_km`, `delivery.windows.0.end`). Delivery switched off
 * keeps what was typed when it is valid; its fields are hidden then, so what they hold that is not
 * valid gives way to the saved delivery (`keptOff`, switched off too) instead of a message nobody sees.
 */
export function checkPickupForm(form: PickupForm, keptOff: DeliverySettingsInput | null): PickupCheck {
  const delivery = form.delivery ? deliveryFromForm(form.delivery) : null;
  const result = check({ ...form, delivery });
  if (result.errors && delivery && !delivery.enabled && Object.keys(result.errors).some((k) => k.startsWith('delivery'))) {
    return check({ ...form, delivery: keptOff ? { ...keptOff, enabled: false } : null });
  }
  return result;
}
