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
    })
    .superRefine((s, ctx) => {
      s.windows.forEach((w, i) => {
        // (An end before the start already has its own message.)
        if (w.start < w.end && minutesOf(w.end) - minutesOf(w.start) < s.slot_minutes)
          ctx.addIssue({ code: 'custom', message: m.windowTooShort, path: ['windows', i, 'end'] });
        const overlaps = s.windows.some((o, j) => j < i && o.weekday === w.weekday && o.start < w.end && w.start < o.end);
        if (overlaps) ctx.addIssue({ code: 'custom', message: m.windowsOverlap, path: ['windows', i, 'start'] });
      });
    });
}
export type PickupSettingsInput = z.infer<ReturnType<typeof makePickupSettingsInput>>;
