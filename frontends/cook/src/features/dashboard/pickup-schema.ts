import '../../zod-config';
import type { PickupSettingsInput } from '@popote/graphql';
import { z } from 'zod';

/**
 * The pick-up form's checks (issue 17), the catalogue's rules (services/shared/contracts/src/pickup.ts)
 * with the same French messages, so that each field shows its own before anything is sent; the server
 * checks again (pickup-schema.spec.ts keeps the two in step).
 */
export const PICKUP_FORM_MESSAGES = {
  timeFormat: 'Heure invalide (format HH:MM)',
  dateFormat: 'Date invalide (format AAAA-MM-JJ)',
  weekday: 'Jour de la semaine invalide',
  windowOrder: "L'heure de fin doit être après l'heure de début",
  windowTooShort: 'Une plage doit durer au moins la durée d’un créneau',
  windowsOverlap: 'Deux plages du même jour se chevauchent',
  tooManyWindows: 'Au plus 21 plages de retrait',
  tooManyDaysOff: 'Au plus 60 jours de fermeture',
  postcode: 'Code postal invalide (5 chiffres)',
  street: "Indiquez l'adresse de retrait",
  communeRequired: 'Choisissez votre commune dans la liste',
  communeCode: 'Commune invalide',
  cutoff: 'Le délai de commande doit être entre 0 et 48 heures',
  capacity: 'La capacité doit être entre 1 et 100 par créneau',
  slotLength: 'Un créneau dure 15 ou 30 minutes',
} as const;
const m = PICKUP_FORM_MESSAGES;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeFormat);
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

export const pickupFormSchema = z
  .object({
    windows: z
      .array(
        z
          .object({ weekday: z.number().int().min(1, m.weekday).max(7, m.weekday), start: hhmm, end: hhmm })
          .refine((w) => w.start < w.end, { message: m.windowOrder, path: ['end'] }),
      )
      .max(21, m.tooManyWindows),
    days_off: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.dateFormat)).max(60, m.tooManyDaysOff),
    address: z
      .object({
        street: z.string().trim().min(1, m.street).max(160),
        postcode: z
          .string()
          .trim()
          .regex(/^\d{5}$/, m.postcode),
        commune_code: z
          .string({ message: m.communeRequired })
          .trim()
          .min(1, m.communeRequired)
          .regex(/^(\d{5}|2[AB]\d{3})$/, m.communeCode),
      })
      .nullable(),
    cutoff_minutes: z
      .number()
      .int()
      .min(0, m.cutoff)
      .max(48 * 60, m.cutoff),
    slot_minutes: z.union([z.literal(15), z.literal(30)], { message: m.slotLength }),
    capacity: z.number().int().min(1, m.capacity).max(100, m.capacity),
    capacity_unit: z.enum(['orders', 'portions']),
  })
  .superRefine((s, ctx) => {
    s.windows.forEach((w, i) => {
      if (w.start < w.end && minutesOf(w.end) - minutesOf(w.start) < s.slot_minutes)
        ctx.addIssue({ code: 'custom', message: m.windowTooShort, path: ['windows', i, 'end'] });
      if (s.windows.some((o, j) => j < i && o.weekday === w.weekday && o.start < w.end && w.start < o.end))
        ctx.addIssue({ code: 'custom', message: m.windowsOverlap, path: ['windows', i, 'start'] });
    });
  }) satisfies z.ZodType<PickupSettingsInput>;
