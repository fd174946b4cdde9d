import { deliveryFeeOf, DomainError, PICKUP_MESSAGES, type FulfilmentMode } from '@popote/contracts';
import { haversineMetres } from '../geo/distance';
import type { PickupSettings } from './slot.schema';
import type { SlotRules } from './slot-times';

/**
 * One slot machinery, two modes (ADR 0044): the rules a mode's slots are computed and checked with.
 * Pick-up reads the settings as they always were; delivery reads its own windows, slot length,
 * cutoff and capacity (in orders: one trip each), with the days off shared.
 */
export type ModeRules = SlotRules & { capacity_unit: 'orders' | 'portions' };

/** The rules of `mode`, or null when the cook offers no slot of that mode (no windows, delivery off). */
export function rulesOf(settings: PickupSettings | null | undefined, mode: FulfilmentMode): ModeRules | null {
  if (!settings) return null;
  if (mode === 'pickup') return settings.windows.length ? settings : null;
  const d = settings.delivery;
  if (!d?.enabled || !d.windows.length || !settings.location) return null;
  return {
    windows: d.windows,
    days_off: settings.days_off,
    cutoff_minutes: d.cutoff_minutes,
    slot_minutes: d.slot_minutes,
    capacity: d.capacity,
    capacity_unit: 'orders',
  };
}

/** The refusal when a cook has no slot of `mode`. */
export const noSlotsOf = (mode: FulfilmentMode) =>
  new DomainError('VALIDATION_FAILED', mode === 'delivery' ? PICKUP_MESSAGES.deliveryOff : PICKUP_MESSAGES.noWindows);

/** The refusal of a time that is not one of the cook's slots of `mode`. */
export const unknownSlotOf = (mode: FulfilmentMode) =>
  new DomainError('VALIDATION_FAILED', mode === 'delivery' ? PICKUP_MESSAGES.deliverySlotUnknown : PICKUP_MESSAGES.slotUnknown);

/** Whether a point (the centre of the buyer's commune) is within the cook's delivery radius of their commune's centre. */
export function withinRadius(settings: Pick<PickupSettings, 'location' | 'delivery'>, to: { lat: number; lon: number }): boolean {
  const from = settings.location;
  if (!from || !settings.delivery) return false;
  return haversineMetres(from, to) <= settings.delivery.radius_km * 1000;
}

/** The fee of a part of `dishesCents` delivered by this cook (0 for a pick-up). */
export const feeOf = (settings: Pick<PickupSettings, 'delivery'>, mode: FulfilmentMode, dishesCents: number): number =>
  mode === 'delivery' && settings.delivery ? deliveryFeeOf(settings.delivery, dishesCents) : 0;
