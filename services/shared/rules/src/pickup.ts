import { z } from 'zod';

/** A cook's pick-up settings (ADR 0008): what the catalogue accepts and the cook's form checks first. */
export const SLOT_LENGTHS = [15, 30] as const;
export const CAPACITY_UNITS = ['orders', 'portions'] as const;
export const PICKUP_LIMITS = {
  windows: 21,
  daysOff: 60,
  street: 160,
  /** Orders close at most this many minutes before a slot. */
  cutoffMaxMinutes: 48 * 60,
  capacityMax: 100,
} as const;

/**
 * Delivery by the cook (ADR 0044): a second set of windows in the same settings, measured from the
 * pick-up commune. Slots of 30 or 60 minutes (a trip), capacity counted in orders.
 */
export const DELIVERY_SLOT_LENGTHS = [30, 60] as const;
export const DELIVERY_LIMITS = {
  radiusMinKm: 1,
  radiusMaxKm: 15,
  /** The fee the specification announces. */
  feeDefaultCents: 500,
  feeMaxCents: 1500,
  freeAboveMaxCents: 20_000,
} as const;

/** The French texts of the settings' fields (the catalogue's refusals at checkout are in @popote/contracts). */
export const PICKUP_FIELD_MESSAGES = {
  timeFormat: 'Heure invalide (format HH:MM)',
  dateFormat: 'Date invalide (format AAAA-MM-JJ)',
  dateUnknown: "Cette date n'existe pas : vérifiez le jour et le mois",
  weekday: 'Jour de la semaine invalide',
  windowOrder: "L'heure de fin doit être après l'heure de début",
  windowTooShort: 'Une plage doit durer au moins la durée d’un créneau',
  windowsOverlap: 'Deux plages du même jour se chevauchent',
  tooManyWindows: `Au plus ${PICKUP_LIMITS.windows} plages de retrait`,
  tooManyDaysOff: `Au plus ${PICKUP_LIMITS.daysOff} jours de fermeture`,
  postcode: 'Code postal invalide (5 chiffres)',
  street: "Indiquez l'adresse de retrait",
  // The commune of the pick-up address, chosen in the list of French communes (ADR 0010).
  communeRequired: 'Choisissez votre commune dans la liste',
  communeCode: 'Commune invalide',
  cutoff: 'Le délai de commande doit être entre 0 et 48 heures',
  capacity: `La capacité doit être entre 1 et ${PICKUP_LIMITS.capacityMax} par créneau`,
  slotLength: 'Un créneau dure 15 ou 30 minutes',
  deliverySlotLength: 'Un créneau de livraison dure 30 ou 60 minutes',
  radius: `Le rayon doit être entre ${DELIVERY_LIMITS.radiusMinKm} et ${DELIVERY_LIMITS.radiusMaxKm} km`,
  fee: `Les frais de livraison doivent être entre 0 et ${DELIVERY_LIMITS.feeMaxCents / 100} €`,
  freeAbove: `Le montant de la livraison offerte doit être entre 0,01 et ${DELIVERY_LIMITS.freeAboveMaxCents / 100} €`,
  deliveryNeedsAddress: 'Indiquez votre adresse : le rayon de livraison se mesure depuis votre commune',
  deliveryNeedsWindows: 'Ajoutez au moins une plage de livraison',
  tooManyDeliveryWindows: `Au plus ${PICKUP_LIMITS.windows} plages de livraison`,
} as const;
const m = PICKUP_FIELD_MESSAGES;

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * The schema of the settings a cook saves, built when called: zod probes for `new Function` as it
 * builds an object schema, so a page under a strict CSP builds it after its own zod setting
 * (`z.config({ jitless: true })`), and importing this package builds nothing.
 */
export function makePickupSettingsInput() {
  const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeFormat);
  /** A day of the calendar (`2026-02-29` and `2026-13-45` are refused: zod's ISO date knows leap years). */
  const isoDate = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: m.dateFormat, abort: true })
    .refine((day) => z.iso.date().safeParse(day).success, m.dateUnknown);
  const window = z
    .object({
      /** ISO weekday: 1 = Monday … 7 = Sunday. */
      weekday: z.number().int().min(1, m.weekday).max(7, m.weekday),
      start: hhmm,
      end: hhmm,
    })
    .refine((w) => w.start < w.end, { message: m.windowOrder, path: ['end'] });
  /** An INSEE commune code: 5 digits, or 2A/2B and 3 digits in Corsica. */
  const communeCode = z
    .string({ message: m.communeRequired })
    .trim()
    .min(1, m.communeRequired)
    .regex(/^(\d{5}|2[AB]\d{3})$/, m.communeCode);
  /** The address as the cook types it: the commune is chosen in the list (its name is the dataset's). */
  const address = z.object({
    street: z.string().trim().min(1, m.street).max(PICKUP_LIMITS.street),
    postcode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, m.postcode),
    commune_code: communeCode,
  });
  /** Delivery (ADR 0044): off (null, or `enabled: false` keeping what the cook typed), or its rules. */
  const delivery = z.object({
    enabled: z.boolean(),
    radius_km: z.number().int(m.radius).min(DELIVERY_LIMITS.radiusMinKm, m.radius).max(DELIVERY_LIMITS.radiusMaxKm, m.radius),
    fee_cents: z.number().int(m.fee).min(0, m.fee).max(DELIVERY_LIMITS.feeMaxCents, m.fee),
    /** The basket (dishes) from which delivery is free; null: never. */
    free_above_cents: z.number().int(m.freeAbove).min(1, m.freeAbove).max(DELIVERY_LIMITS.freeAboveMaxCents, m.freeAbove).nullable(),
    windows: z.array(window).max(PICKUP_LIMITS.windows, m.tooManyDeliveryWindows),
    slot_minutes: z.union([z.literal(DELIVERY_SLOT_LENGTHS[0]), z.literal(DELIVERY_SLOT_LENGTHS[1])], { message: m.deliverySlotLength }),
    cutoff_minutes: z.number().int().min(0, m.cutoff).max(PICKUP_LIMITS.cutoffMaxMinutes, m.cutoff),
    /** Orders per slot: one trip each. */
    capacity: z.number().int().min(1, m.capacity).max(PICKUP_LIMITS.capacityMax, m.capacity),
  });
  /** Each window at least a slot long, and no two of one day overlapping. */
  const checkWindows = (
    windows: { weekday: number; start: string; end: string }[],
    slotMinutes: number,
    ctx: z.RefinementCtx,
    at: (string | number)[],
  ) =>
    windows.forEach((w, i) => {
      // (An end before the start already has its own message.)
      if (w.start < w.end && minutesOf(w.end) - minutesOf(w.start) < slotMinutes)
        ctx.addIssue({ code: 'custom', message: m.windowTooShort, path: [...at, i, 'end'] });
      const overlaps = windows.some((o, j) => j < i && o.weekday === w.weekday && o.start < w.end && w.start < o.end);
      if (overlaps) ctx.addIssue({ code: 'custom', message: m.windowsOverlap, path: [...at, i, 'start'] });
    });
  return z
    .object({
      windows: z.array(window).max(PICKUP_LIMITS.windows, m.tooManyWindows),
      days_off: z.array(isoDate).max(PICKUP_LIMITS.daysOff, m.tooManyDaysOff),
      address: address.nullable(),
      /** Orders close this many minutes before the slot starts. */
      cutoff_minutes: z.number().int().min(0, m.cutoff).max(PICKUP_LIMITS.cutoffMaxMinutes, m.cutoff),
      slot_minutes: z.union([z.literal(SLOT_LENGTHS[0]), z.literal(SLOT_LENGTHS[1])], { message: m.slotLength }),
      capacity: z.number().int().min(1, m.capacity).max(PICKUP_LIMITS.capacityMax, m.capacity),
      capacity_unit: z.enum(CAPACITY_UNITS),
      delivery: delivery.nullable().default(null),
    })
    .superRefine((s, ctx) => {
      checkWindows(s.windows, s.slot_minutes, ctx, ['windows']);
      if (!s.delivery) return;
      checkWindows(s.delivery.windows, s.delivery.slot_minutes, ctx, ['delivery', 'windows']);
      if (!s.delivery.enabled) return;
      if (!s.address) ctx.addIssue({ code: 'custom', message: m.deliveryNeedsAddress, path: ['delivery', 'enabled'] });
      if (!s.delivery.windows.length) ctx.addIssue({ code: 'custom', message: m.deliveryNeedsWindows, path: ['delivery', 'windows'] });
    });
}
/** The settings as a cook (or a seed, a test) writes them: `delivery` may be left out (settings saved before it). */
export type PickupSettingsInput = z.input<ReturnType<typeof makePickupSettingsInput>>;
export type DeliverySettingsInput = NonNullable<PickupSettingsInput['delivery']>;

/** The delivery fee of one cook's part of a basket: free from the cook's threshold on (ADR 0044). */
export const deliveryFeeOf = (delivery: Pick<DeliverySettingsInput, 'fee_cents' | 'free_above_cents'>, dishesCents: number): number =>
  delivery.free_above_cents !== null && dishesCents >= delivery.free_above_cents ? 0 : delivery.fee_cents;
