import { z } from 'zod';
import { normalizePhone } from './traders';

/**
 * Where a buyer has an order delivered (ADR 0044): personal data, kept by ordering until 30 days
 * after the slot, shown to the cook once the order is confirmed, remembered in the buyer's profile.
 */
export const DELIVERY_ADDRESS_LIMITS = { street: 160, complement: 160, instructions: 300, city: 100 } as const;
/** Days after its slot that a delivered order keeps the address (the privacy page says it). */
export const DELIVERY_ADDRESS_RETENTION_DAYS = 30;

export const DELIVERY_ADDRESS_MESSAGES = {
  streetRequired: 'Indiquez votre adresse (numéro et rue)',
  streetMax: `L'adresse ne doit pas dépasser ${DELIVERY_ADDRESS_LIMITS.street} caractères`,
  complementMax: `Le complément ne doit pas dépasser ${DELIVERY_ADDRESS_LIMITS.complement} caractères`,
  postcode: 'Code postal invalide (5 chiffres)',
  communeRequired: 'Choisissez votre commune dans la liste',
  communeCode: 'Commune invalide',
  phoneInvalid: 'Numéro de téléphone invalide (ex. : 06 12 34 56 78)',
  instructionsMax: `Les instructions ne doivent pas dépasser ${DELIVERY_ADDRESS_LIMITS.instructions} caractères`,
} as const;
const m = DELIVERY_ADDRESS_MESSAGES;

/**
 * The delivery address as a buyer types it (built when called, like the other forms' schemas: zod
 * probes for `new Function` as it builds an object schema). The phone is kept as ten digits.
 */
export function makeDeliveryAddressInput() {
  return z.object({
    street: z.string().trim().min(1, m.streetRequired).max(DELIVERY_ADDRESS_LIMITS.street, m.streetMax),
    complement: z.string().trim().max(DELIVERY_ADDRESS_LIMITS.complement, m.complementMax).default(''),
    postcode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, m.postcode),
    commune_code: z
      .string()
      .trim()
      .min(1, m.communeRequired)
      .regex(/^(\d{5}|2[AB]\d{3})$/, m.communeCode),
    phone: z
      .string()
      .transform((v) => normalizePhone(typeof v === 'string' ? v : ''))
      .pipe(z.string().regex(/^0[1-9]\d{8}$/, m.phoneInvalid)),
    instructions: z.string().trim().max(DELIVERY_ADDRESS_LIMITS.instructions, m.instructionsMax).default(''),
  });
}
export type DeliveryAddressInput = z.input<ReturnType<typeof makeDeliveryAddressInput>>;
export type DeliveryAddressFields = z.output<ReturnType<typeof makeDeliveryAddressInput>>;
/** The address as kept on an order: what was typed, with the commune's name from the communes data. */
export type DeliveryAddress = DeliveryAddressFields & { city: string };

/** A link that opens the address in the phone's own map app (geo: URI, RFC 5870 query form). */
export const mapLinkOf = (a: Pick<DeliveryAddress, 'street' | 'postcode' | 'city'>): string =>
  `geo:0,0?q=${encodeURIComponent(`${a.street}, ${a.postcode} ${a.city}, France`)}`;
