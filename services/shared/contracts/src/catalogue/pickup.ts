import { CAPACITY_UNITS, FULFILMENT_MODES, makeDeliveryAddressInput, makePickupSettingsInput, PICKUP_FIELD_MESSAGES } from '@popote/rules';
import { z } from 'zod';
import { actorSchema, defineRpc } from '../shared/envelope';

export { CAPACITY_UNITS, PICKUP_FIELD_MESSAGES, PICKUP_LIMITS, SLOT_LENGTHS } from '@popote/rules';

/** Pick-up windows, slots and holds (ADR 0008). Times are wall-clock times in Europe/Paris. */
export const PICKUP_TIME_ZONE = 'Europe/Paris';

/**
 * How long a checkout's reservation (the portions of each line and the chosen slot's place, docs/checkout.md)
 * lasts while the buyer pays; the catalogue's RESERVATION_TTL_SECONDS overrides it (tests).
 */
export const SLOT_HOLD_MINUTES = 20;
/** How far ahead slots are offered. */
export const SLOT_HORIZON_DAYS = 14;
/** Order statuses in which the buyer sees the cook's street address (the cook accepted the order); before, the commune only. */
export const PICKUP_ADDRESS_VISIBLE_STATUSES: readonly string[] = ['confirmed', 'preparing', 'ready', 'delivered'];

const slotDay = new Intl.DateTimeFormat('fr-FR', { timeZone: PICKUP_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const slotTime = new Intl.DateTimeFormat('fr-FR', { timeZone: PICKUP_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
/** "mardi 24 novembre, 11:30–11:45" (Paris time), as the buyer's pages say it. */
export const formatPickupSlot = (start: string, end: string): string =>
  `${slotDay.format(new Date(start))}, ${slotTime.format(new Date(start))}–${slotTime.format(new Date(end))}`;

/** The settings' field texts (@popote/rules, which the cook's form shows too) and the catalogue's refusals. */
export const PICKUP_MESSAGES = {
  ...PICKUP_FIELD_MESSAGES,
  city: 'Indiquez la commune',
  postcodeUnknown: 'Code postal inconnu : vérifiez les 5 chiffres',
  communeMismatch: 'Cette commune ne correspond pas au code postal indiqué',
  communeUnknown: 'Commune inconnue',
  communeNoPosition: "La position de cette commune n'est pas connue : choisissez une commune voisine",
  cooksOnly: 'Cette action est réservée aux cuisiniers',
  // At checkout.
  slotRequired: 'Choisissez un créneau de retrait pour chaque cuisinier de votre panier.',
  slotNotInCart: "Ce créneau n'appartient à aucun cuisinier de votre panier.",
  noWindows: "Ce cuisinier n'a pas encore indiqué ses horaires de retrait : impossible de commander ses plats pour l'instant.",
  slotPast: 'Ce créneau de retrait est déjà passé : choisissez-en un autre.',
  slotCutoff: 'Les commandes pour ce créneau sont closes : choisissez un créneau plus tard.',
  slotUnknown: 'Ce créneau ne fait pas partie des horaires de retrait de ce cuisinier.',
  slotBeforeAvailable: "Un de vos plats n'est pas encore disponible à ce créneau : choisissez un créneau plus tard.",
  slotFull: 'Ce créneau de retrait est complet : choisissez-en un autre.',
  reservationExpired: 'Votre réservation a expiré : réservez à nouveau pour payer.',
  // Changing the slot of a checkout not paid yet (the buyer).
  changeNotAllowed: 'Ce paiement est déjà validé ou clos : son créneau de retrait ne peut plus être changé ici.',
  changeSame: "C'est déjà le créneau retenu pour ce cuisinier.",
  // Moving an order's slot (the cook).
  moveNotAllowed: 'Seule une commande en cours, avec un créneau de retrait, peut changer de créneau.',
  moveSame: "C'est déjà le créneau de cette commande.",
  // Delivery by the cook (ADR 0044).
  deliveryOff: 'Ce cuisinier ne livre pas : choisissez le retrait.',
  deliveryAddressRequired: 'Indiquez votre adresse de livraison.',
  outOfRange: 'Votre adresse est hors de la zone de livraison de ce cuisinier : choisissez le retrait.',
  deliverySlotUnknown: 'Ce créneau ne fait pas partie des horaires de livraison de ce cuisinier.',
  deliverySlotPast: 'Ce créneau de livraison est déjà passé : choisissez-en un autre.',
  deliverySlotFull: 'Ce créneau de livraison est complet : choisissez-en un autre.',
  modeChangeNotAllowed: 'Pour passer du retrait à la livraison (ou l’inverse), reprenez votre commande depuis le panier.',
} as const;

/** What a cook saves (@popote/rules: the cook's form checks the same, with the same texts). */
export const pickupSettingsInput = makePickupSettingsInput();
export type { PickupSettingsInput } from '@popote/rules';
export const pickupWindowSchema = pickupSettingsInput.shape.windows.element;
export type PickupWindow = z.infer<typeof pickupWindowSchema>;
/** The cook's delivery rules (ADR 0044), as saved. */
export const deliverySettingsSchema = pickupSettingsInput.shape.delivery.unwrap().unwrap();
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
export const pickupAddressInput = pickupSettingsInput.shape.address.unwrap();
export type PickupAddressInput = z.infer<typeof pickupAddressInput>;
/** An INSEE commune code: 5 digits, or 2A/2B and 3 digits in Corsica. */
export const communeCodeSchema = pickupAddressInput.shape.commune_code;

export const pickupAddressSchema = z.object({
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  /** Null for an address saved before communes were chosen from the list. */
  commune_code: z.string().nullish(),
});
export type PickupAddress = z.infer<typeof pickupAddressSchema>;

/**
 * Where a cook's dishes are picked up, as precisely as the public may know: the commune and its
 * centre (never the street). Derived from the address by the catalogue.
 */
export const cookLocationSchema = z.object({
  commune_code: z.string(),
  commune: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type CookLocation = z.infer<typeof cookLocationSchema>;

export const pickupSettingsSchema = z.object({
  cook_id: z.string(),
  windows: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  days_off: z.array(z.string()),
  address: pickupAddressSchema.nullable(),
  /** The commune (public precision) the address is in. */
  location: cookLocationSchema.nullish(),
  cutoff_minutes: z.number().int(),
  slot_minutes: z.number().int(),
  capacity: z.number().int(),
  capacity_unit: z.enum(CAPACITY_UNITS),
  /** Delivery by the cook (ADR 0044); null: never set. */
  delivery: deliverySettingsSchema.nullable(),
});
export type PickupSettingsDto = z.infer<typeof pickupSettingsSchema>;

export const pickupSlotSchema = z.object({
  cook_id: z.string(),
  /** ISO instants (UTC). */
  start: z.string(),
  end: z.string(),
  /** Orders or portions still free (see the cook's capacity unit). */
  remaining: z.number().int(),
});
export type PickupSlotDto = z.infer<typeof pickupSlotSchema>;

/** How an order is handed over: picked up at the cook's, or delivered by the cook (ADR 0044). */
export const fulfilmentModeSchema = z.enum(FULFILMENT_MODES);
/** A slot as chosen at checkout and carried by the checkout and the order (pick-up when the mode is left out). */
export const chosenSlotSchema = z.object({
  cook_id: z.string().min(1),
  start: z.string().datetime({ offset: true }),
  mode: fulfilmentModeSchema.default('pickup'),
});
/** A slot as reserved: its mode and the delivery fee decided by the catalogue (0 for a pick-up; absent on older messages). */
export const heldSlotSchema = z.object({
  cook_id: z.string(),
  start: z.string(),
  end: z.string(),
  mode: fulfilmentModeSchema.default('pickup'),
  fee_cents: z.number().int().nonnegative().default(0),
});
/** The address a buyer has orders delivered to (ADR 0044), as typed and checked (@popote/rules). */
export const deliveryAddressInput = makeDeliveryAddressInput();
/** As kept (checkout, order, profile): with the commune's name from the communes data. */
export const deliveryAddressSchema = z.object({
  street: z.string(),
  complement: z.string(),
  postcode: z.string(),
  commune_code: z.string(),
  city: z.string(),
  phone: z.string(),
  instructions: z.string(),
});

/** Whether a cook delivers to the buyer, and for how much (null: the cook does not deliver). */
export const deliveryOfferSchema = z.object({
  fee_cents: z.number().int(),
  free_above_cents: z.number().int().nullable(),
  radius_km: z.number().int(),
  /** Null when the buyer's commune is not known yet. */
  in_range: z.boolean().nullable(),
});
export type DeliveryOffer = z.infer<typeof deliveryOfferSchema>;
export type HeldSlot = z.infer<typeof heldSlotSchema>;
/** A line of a checkout as reserved: the meal's cook, name and price when the catalogue reserved it. */
export const checkoutLineSchema = z.object({
  meal_id: z.string(),
  cook_id: z.string(),
  cook_name: z.string(),
  name: z.string(),
  unit_price_cents: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const PickupRpc = {
  /** The cook's own settings (null before the first save). */
  pickupSettings: defineRpc(
    'rpc.catalogue.pickup-settings',
    z.object({ actor: actorSchema }),
    z.object({ settings: pickupSettingsSchema.nullable() }),
    { callers: ['bff'] },
  ),
  updatePickupSettings: defineRpc(
    'rpc.catalogue.update-pickup-settings',
    z.object({ actor: actorSchema, input: pickupSettingsInput }),
    z.object({ settings: pickupSettingsSchema }),
    { callers: ['bff'] },
  ),
  /** The next open slots of a cook for some of their dishes (their available_date), with room for `portions`. */
  pickupSlots: defineRpc(
    'rpc.catalogue.pickup-slots',
    z.object({
      cook_id: z.string().min(1),
      meal_ids: z.array(z.string()).max(50).default([]),
      portions: z.number().int().min(1).max(500).default(1),
      limit: z.number().int().min(1).max(100).default(24),
      /** Delivery slots (ADR 0044) instead of pick-up ones. */
      mode: fulfilmentModeSchema.default('pickup'),
      /** The buyer's commune: whether it is within the cook's delivery radius. */
      commune_code: z.string().max(5).nullable().default(null),
    }),
    z.object({
      has_windows: z.boolean(),
      slots: z.array(pickupSlotSchema),
      delivery: deliveryOfferSchema.nullable().default(null),
    }),
    { callers: ['bff'] },
  ),
  /**
   * Internal (payments, not the BFF): reserve a checkout's lines (as the cart holds them) for their
   * cooks, each cook's portions AND chosen slot's place in one step under the cook's lock
   * (docs/checkout.md). All or nothing: refused at once in French (a cook without a slot, a dish gone,
   * stock, slot) with nothing kept. The answer prices the lines (cook, name, price as reserved): the
   * amount is computed from it, never from the browser. Asked again for the same checkout, it renews
   * the reservation (a new expiry) if the portions and the place are still there.
   */
  reserveCheckout: defineRpc(
    'rpc.catalogue.reserve-checkout',
    z.object({
      checkout_id: z.string().min(1),
      /** The buyer: never their own dishes. */
      consumer_id: z.string().min(1),
      lines: z
        .array(z.object({ meal_id: z.string().min(1), quantity: z.number().int().min(1).max(1000) }))
        .min(1)
        .max(50),
      /** One per cook of the lines; a delivery is checked against the buyer's commune (ADR 0044). */
      slots: z.array(z.object({ cook_id: z.string().min(1), start: z.string(), mode: fulfilmentModeSchema.default('pickup') })).max(50),
      /** Where deliveries go (required when a slot is a delivery): checked against the communes and each cook's radius. */
      delivery_to: z
        .object({ postcode: z.string().max(5), commune_code: z.string().max(5) })
        .nullable()
        .default(null),
    }),
    z.object({
      slots: z.array(heldSlotSchema),
      expires_at: z.string(),
      lines: z.array(checkoutLineSchema),
      /** The delivered-to commune's name, from the communes data (null without a delivery). */
      delivery_city: z.string().nullable().default(null),
    }),
    { callers: ['payments'] },
  ),
  /**
   * Internal (payments): give a checkout's reservations back (payment failed, checkout replaced).
   * With `expires_at`, only a reservation that still has that expiry (a renewal made since is kept).
   */
  releaseReservation: defineRpc(
    'rpc.catalogue.release-reservation',
    z.object({
      checkout_id: z.string().min(1),
      cook_ids: z.array(z.string().min(1)).max(50),
      expires_at: z.string().nullable().default(null),
    }),
    z.object({ released: z.number().int() }),
    { callers: ['payments'] },
  ),
  /**
   * Internal (ordering, not the BFF): the cook moves a paid order to another of their slots (room
   * checked under the cook's lock). Answers the new slot, or refuses in French.
   */
  movePickupSlot: defineRpc(
    'rpc.catalogue.move-pickup-slot',
    z.object({ order_id: z.string().min(1), cook_id: z.string().min(1), start: z.string().min(1) }),
    heldSlotSchema,
    { callers: ['ordering'] },
  ),
  /**
   * Internal (payments, not the BFF): the buyer changes one cook's slot of a checkout not paid yet:
   * the new slot's place is taken and the old one given back in one step under the cook's lock; the
   * reservation keeps its expiry. Answers the new slot, or refuses in French and keeps the old one.
   */
  changeHeldSlot: defineRpc(
    'rpc.catalogue.change-held-slot',
    z.object({
      checkout_id: z.string().min(1),
      cook_id: z.string().min(1),
      start: z.string(),
    }),
    z.object({ slot: heldSlotSchema, expires_at: z.string() }),
    { callers: ['payments'] },
  ),
  /**
   * The pick-up addresses of cooks (the BFF shows one to a buyer once their order is confirmed;
   * notifications puts it in the push that an order is ready).
   */
  pickupAddresses: defineRpc(
    'rpc.catalogue.pickup-addresses',
    z.object({ cook_ids: z.array(z.string()).max(200) }),
    z.object({ items: z.array(z.object({ cook_id: z.string(), address: pickupAddressSchema.nullable() })) }),
    { callers: ['bff', 'payments', 'notifications'] },
  ),
} as const;
