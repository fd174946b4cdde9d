import { z } from 'zod';
import { actorSchema, defineEvent, defineRpc } from '../shared/envelope';
import { checkoutLineSchema, chosenSlotSchema, deliveryAddressInput, deliveryAddressSchema, heldSlotSchema } from '../catalogue/pickup';
import { FULFILMENT_MODES } from '../shared/enums';
import { checkoutDiscountSchema, promoCodeInput } from './promotions';

export const PAYMENT_MESSAGES = {
  invalidData: 'Données de paiement invalides',
  paymentError: 'Erreur lors du paiement',
  declined: 'Votre carte a été refusée.',
  insufficientFunds: 'Votre carte ne dispose pas de fonds suffisants.',
  invalidCard: 'Numéro de carte invalide.',
  invalidExpiry: "Date d'expiration invalide.",
  invalidCvc: 'Code de sécurité invalide.',
  alreadyPaid: 'Ce paiement a déjà été effectué.',
  /** A newer checkout of the same buyer (another tab, a new attempt) replaced this one: its card payment was cancelled. */
  replaced: 'Ce paiement a été remplacé par un plus récent (dans un autre onglet ?) : reprenez votre commande depuis le panier.',
  pricesChanged: 'Les prix ont changé depuis votre réservation : reprenez votre commande depuis le panier.',
  paidTooLate:
    'Votre paiement est arrivé après la fin de la réservation : il vous est remboursé intégralement. Reprenez votre commande depuis le panier.',
  /** Followed by the time (Paris) when the buyer may reserve again. */
  tooManyReservations: 'Vous avez réservé trop souvent en 24 heures : vous pourrez réserver à nouveau à partir de',
} as const;

export const CHECKOUT_STATUSES = ['requires_payment_method', 'processing', 'succeeded'] as const;

export const checkoutSchema = z.object({
  checkout_id: z.string(),
  consumer_id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  amount_cents: z.number().int().nonnegative(),
  currency: z.literal('eur'),
  lines: z.array(checkoutLineSchema),
  /** One pick-up slot per cook, reserved with the portions while paying (docs/checkout.md). */
  slots: z.array(heldSlotSchema),
  /** Where the deliveries of this checkout go (null: every cook's part is picked up). */
  delivery_address: deliveryAddressSchema.nullable().default(null),
  /** The discounts in `amount_cents` (ADR 0045): at most one promotion per cook, and the platform's offer. */
  discounts: z.array(checkoutDiscountSchema).default([]),
  /** Until when the portions and the slots are reserved for this checkout (null once paid or released). */
  reserved_until: z.string().nullable(),
  provider: z.enum(['sandbox', 'stripe']),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type CheckoutDto = z.infer<typeof checkoutSchema>;

export const cardSchema = z.object({
  number: z.string().trim().max(30),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cvc: z.string().trim().max(4),
});

export const PaymentsRpc = {
  createPaymentIntent: defineRpc(
    'rpc.payments.create-payment-intent',
    z.object({
      actor: actorSchema,
      slots: z.array(chosenSlotSchema).max(50).default([]),
      /** The buyer's name as their account says it (the BFF reads it): shown to the cooks on their orders. */
      consumer_name: z.string().max(200).default(''),
      /** Required when a slot is a delivery (ADR 0044); ignored otherwise. */
      delivery_address: deliveryAddressInput.nullable().default(null),
      /** Codes typed for cooks' baskets (ADR 0045): each applied or refused in French. */
      promo_codes: z.array(promoCodeInput).max(50).default([]),
    }),
    z.object({ checkout: checkoutSchema, client_secret: z.string(), publishable_key: z.string().nullable() }),
    { callers: ['bff'] },
  ),
  confirmSandboxPayment: defineRpc(
    'rpc.payments.confirm-sandbox-payment',
    z.object({ actor: actorSchema, checkout_id: z.string().min(1), card: cardSchema }),
    z.object({ checkout: checkoutSchema }),
    { callers: ['bff'] },
  ),
  /**
   * The buyer changes one cook's pick-up slot of a checkout not paid yet: the new slot is held and
   * the old hold given back at once (ADR 0024). The payment intent (amount) is unchanged.
   */
  changeCheckoutSlot: defineRpc(
    'rpc.payments.change-checkout-slot',
    z.object({ actor: actorSchema, checkout_id: z.string().min(1), slot: chosenSlotSchema }),
    z.object({ checkout: checkoutSchema }),
    { callers: ['bff'] },
  ),
  /** The reservation expired (or was given back after a failed payment): reserve the same checkout again. */
  renewCheckout: defineRpc(
    'rpc.payments.renew-checkout',
    z.object({ actor: actorSchema, checkout_id: z.string().min(1) }),
    z.object({ checkout: checkoutSchema }),
    { callers: ['bff'] },
  ),
  getCheckout: defineRpc(
    'rpc.payments.get-checkout',
    z.object({ actor: actorSchema, checkout_id: z.string().min(1) }),
    z.object({ checkout: checkoutSchema.nullable() }),
    { callers: ['bff'] },
  ),
} as const;

export const PaymentsEvents = {
  paymentSucceeded: defineEvent(
    'evt.payments.payment-succeeded.v1',
    z.object({
      checkout_id: z.string(),
      consumer_id: z.string(),
      amount_cents: z.number().int(),
      payment_intent_id: z.string(),
      lines: z.array(checkoutLineSchema),
      /** The slot of each cook (empty on events published before slots existed). */
      slots: z.array(heldSlotSchema).default([]),
      /** The buyer's name, for the cooks (empty on events published before it travelled). */
      consumer_name: z.string().default(''),
      /** Where the delivery slots' orders go (ADR 0044; null without a delivery, or on older events). */
      delivery_address: deliveryAddressSchema.nullable().default(null),
      /** The discount of each cook's part that has one (ADR 0045; empty on older events). */
      discounts: z.array(checkoutDiscountSchema).default([]),
    }),
    { consumers: ['ordering-PaymentSucceeded'] },
  ),
  paymentFailed: defineEvent(
    'evt.payments.payment-failed.v1',
    z.object({
      checkout_id: z.string(),
      consumer_id: z.string(),
      reason: z.string(),
      /** The cooks whose held slots are released (absent on events published before slots existed). */
      cook_ids: z.array(z.string()).default([]),
    }),
    { consumers: [] },
  ),
  refundIssued: defineEvent(
    'evt.payments.refund-issued.v1',
    z.object({
      refund_id: z.string(),
      order_id: z.string(),
      checkout_id: z.string(),
      amount_cents: z.number().int(),
      /** Why (absent on events published before it): cancelled, refunded by the cook after pick-up, or by support. */
      origin: z.enum(['cancelled', 'cook', 'support']).optional(),
      /** Support's reason, told to the buyer. */
      reason: z.string().nullable().optional(),
      /** The buyer (absent on events published before it): told of a cook's or support's refund. */
      consumer_id: z.string().optional(),
    }),
    { consumers: ['notifications-RefundIssued'] },
  ),
} as const;

// ---------------------------------------------------------------------------------------------
// Cooks get paid (ADR 0007): commission, ledger, payout accounts (Stripe Connect), payouts.

/** Platform commission bounds (percent of an order's total), checked by the payments configuration. */
export const COMMISSION_PERCENT_MAX = 50;

/**
 * The split of an order's total between the platform and the cook, in integer cents.
 * commission = total × rate rounded half up (to the nearest cent, .5 upwards);
 * cook share = total − commission — so the two shares always add up to the total.
 * `rateBp` is the rate in basis points (15 % = 1500).
 */
export function splitOrderTotal(totalCents: number, rateBp: number): { commission_cents: number; cook_cents: number } {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new Error(`total must be a non-negative integer of cents: ${totalCents}`);
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > COMMISSION_PERCENT_MAX * 100) throw new Error(`rate out of range: ${rateBp}`);
  const commission = Math.floor((totalCents * rateBp + 5000) / 10000);
  return { commission_cents: commission, cook_cents: totalCents - commission };
}

/**
 * The split of an order with a delivery fee (ADR 0044): the commission is on the dishes only
 * (`totalCents − feeCents`), the fee is the cook's whole; the two shares still add up to the total.
 * Without a fee it is splitOrderTotal.
 */
export function splitOrder(totalCents: number, feeCents: number, rateBp: number): { commission_cents: number; cook_cents: number } {
  if (!Number.isInteger(feeCents) || feeCents < 0 || feeCents > totalCents)
    throw new Error(`fee out of range: ${feeCents} of ${totalCents}`);
  const { commission_cents } = splitOrderTotal(totalCents - feeCents, rateBp);
  return { commission_cents, cook_cents: totalCents - commission_cents };
}

export const PAYOUT_MESSAGES = {
  noAccount: "Connectez d'abord un compte de versement pour recevoir vos paiements.",
  accountPending: "Votre compte de versement n'est pas encore activé : terminez l'inscription.",
  nothingAvailable: 'Aucun montant n’est disponible au versement pour le moment.',
  overBalance: (available: string) => `Le montant demandé dépasse votre solde disponible (${available}).`,
  inFlight: 'Un versement est déjà en cours : attendez qu’il soit confirmé avant d’en demander un autre.',
  amountInvalid: 'Le montant doit être un nombre entier de centimes supérieur à zéro.',
  providerFailed: 'Le versement a été refusé par le prestataire de paiement : le montant reste disponible.',
  providerUnavailable: 'Le prestataire de paiement ne répond pas : réessayez dans quelques minutes.',
  notSandbox: 'Cette étape n’existe que dans le bac à sable.',
  refundDeliveredOnly: 'Seule une commande récupérée peut être remboursée ici (avant, annulez-la).',
  notYourOrder: "Cette commande n'est pas la vôtre.",
  notPaid: "Cette commande n'a pas été payée : rien à rembourser.",
  cooksOnly: 'Réservé aux cuisiniers.',
} as const;

/** "12,34 €" without Intl (services format amounts in French messages). */
export const euros = (cents: number) =>
  `${cents < 0 ? '−' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')} €`;

export const LEDGER_KINDS = [
  'sale',
  'commission',
  'release',
  'refund',
  'commission_reversal',
  'payout',
  'payout_failure',
  'ad_reserve',
  'ad_spend',
  'ad_release',
  'delivery_fee',
  'delivery_fee_refund',
  // The platform's share of a discount it funded (ADR 0045): the cook is paid the full price.
  'platform_contribution',
  'platform_contribution_reversal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One ledger line: its effect on the pending, available and advertising balances (signed cents). */
export const ledgerEntrySchema = z.object({
  entry_id: z.string(),
  cook_id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  order_id: z.string().nullable(),
  payout_id: z.string().nullable(),
  campaign_id: z.string().nullable(),
  pending_cents: z.number().int(),
  available_cents: z.number().int(),
  /** Budget held for the cook's advertisements (reserved at start, spent by day, the rest given back). */
  advertising_cents: z.number().int(),
  created_at: z.string(),
});
export type LedgerEntryDto = z.infer<typeof ledgerEntrySchema>;

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export const payoutSchema = z.object({
  payout_id: z.string(),
  cook_id: z.string(),
  amount_cents: z.number().int().positive(),
  status: z.enum(PAYOUT_STATUSES),
  trigger: z.enum(['manual', 'schedule']),
  transfer_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PayoutDto = z.infer<typeof payoutSchema>;

export const PAYOUT_ACCOUNT_STATUSES = ['none', 'pending', 'enabled'] as const;
export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  provider: z.enum(['sandbox', 'stripe']),
  account_id: z.string().nullable(),
});

export const payoutOverviewSchema = z.object({
  account: payoutAccountSchema,
  commission_percent: z.number(),
  available_cents: z.number().int(),
  pending_cents: z.number().int(),
  /** Held for advertisements still running (not available, not spent yet). */
  advertising_cents: z.number().int(),
  /** Next scheduled round (ISO), null when the schedule is off. */
  next_payout_at: z.string().nullable(),
  in_flight: z.boolean(),
  entries: z.array(ledgerEntrySchema),
  payouts: z.array(payoutSchema),
});
export type PayoutOverviewDto = z.infer<typeof payoutOverviewSchema>;

const cookActor = z.object({ actor: actorSchema });

export const PayoutsRpc = {
  overview: defineRpc('rpc.payments.payout-overview', cookActor, payoutOverviewSchema, { callers: ['bff'] }),
  /** Creates the cook's connected account if needed; answers the onboarding link to open. */
  connect: defineRpc(
    'rpc.payments.connect-payout-account',
    z.object({ actor: actorSchema, return_url: z.string().url() }),
    z.object({ url: z.string(), account: payoutAccountSchema }),
    { callers: ['bff'] },
  ),
  /** The sandbox's onboarding step: the connected account becomes enabled (as Stripe's account.updated). */
  completeSandboxOnboarding: defineRpc('rpc.payments.complete-sandbox-onboarding', cookActor, z.object({ account: payoutAccountSchema }), {
    callers: ['bff'],
  }),
  requestPayout: defineRpc(
    'rpc.payments.request-payout',
    z.object({
      actor: actorSchema,
      /** Absent: the whole available balance. */
      amount_cents: z
        .number({ message: PAYOUT_MESSAGES.amountInvalid })
        .int(PAYOUT_MESSAGES.amountInvalid)
        .positive(PAYOUT_MESSAGES.amountInvalid)
        .optional(),
    }),
    z.object({ payout: payoutSchema }),
    { callers: ['bff'] },
  ),
  ledgerCsv: defineRpc('rpc.payments.ledger-csv', cookActor, z.object({ filename: z.string(), csv: z.string() }), { callers: ['bff'] }),
  /** The cook refunds a picked-up order in full (its amount is taken back from the cook's balance). */
  refundDeliveredOrder: defineRpc(
    'rpc.payments.refund-delivered-order',
    z.object({ actor: actorSchema, order_id: z.string().min(1) }),
    z.object({ refund_id: z.string(), amount_cents: z.number().int() }),
    { callers: ['bff'] },
  ),
} as const;

// Receipts: one per order, numbered without gaps per cook; the commission invoice likewise.

export const RECEIPT_MESSAGES = {
  notFound: 'Reçu introuvable : il est émis dès que la commande est enregistrée.',
  vatFranchise: 'TVA non applicable, art. 293 B du CGI',
  vatRate: (rate: string) => `TVA incluse au taux de ${rate} %`,
  /** Added to the rate's mention when the order was delivered (ADR 0044). */
  vatDeliveryFee: ', frais de livraison compris (frais accessoires, art. 267 du CGI)',
  deliveryLine: 'Livraison par le cuisinier',
  /** A discount's line (ADR 0045): its promotion, and who gives it. */
  discountLine: (name: string, funder: 'cook' | 'platform' | null) =>
    `Réduction « ${name} » (${funder === 'platform' ? 'offerte par Popote' : 'offerte par le cuisinier'})`,
  /** The commission invoice's line of the platform's share of a discount it funded, paid to the cook. */
  contributionLine: 'Réduction prise en charge par Popote (versée au cuisinier)',
  /** The seller's line of a delivered order: the fee is the cook's whole. */
  commissionDishesOnly: (percent: string) =>
    `et perçoit une commission de ${percent} % sur le prix des plats ; les frais de livraison reviennent entièrement au cuisinier.`,
  refunded: (date: string) => `Commande remboursée intégralement le ${date}.`,
  refundedPart: (amount: string, date: string) => `Remboursement partiel de ${amount} le ${date}.`,
  pickupSlot: (slot: string) => `Retrait : ${slot}`,
  deliverySlot: (slot: string) => `Livraison : ${slot}`,
  pickupAddress: (street: string, postcode: string, city: string) => `Lieu : ${street}, ${postcode} ${city}`,
  pickupCommune: (postcode: string, city: string) =>
    `Lieu : ${postcode} ${city} (l'adresse exacte s'affiche dès que le cuisinier a confirmé la commande)`,
} as const;

/** The receipt's refund line: in full, or the part refunded (`date` already formatted). */
export const receiptRefundText = (r: { total_cents: number; refunded_cents: number | null }, date: string) =>
  r.refunded_cents !== null && r.refunded_cents < r.total_cents
    ? RECEIPT_MESSAGES.refundedPart(euros(r.refunded_cents), date)
    : RECEIPT_MESSAGES.refunded(date);

export const receiptSchema = z.object({
  order_id: z.string(),
  /** Per cook, from 1, without gaps: `R-<cook code>-000042`. */
  number: z.string(),
  commission_invoice_number: z.string(),
  issued_at: z.string(),
  cook_id: z.string(),
  cook_name: z.string(),
  /** From the cook's profile when given: SIRET and the VAT mention. */
  cook_siret: z.string().nullable(),
  vat_mention: z.string().nullable(),
  consumer_id: z.string(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), unit_price_cents: z.number().int() })),
  total_cents: z.number().int(),
  /** The delivery fee inside the total, its own line (ADR 0044); 0 for a pick-up. */
  delivery_fee_cents: z.number().int(),
  /** Picked up or delivered by the cook (a free delivery too). */
  delivery_option: z.enum(FULFILMENT_MODES),
  /**
   * The discount taken off the dishes inside `total_cents` (ADR 0045), its promotion's name and who
   * funded it; the platform's share is paid to the cook (`platform_contribution_cents`).
   */
  discount_cents: z.number().int().default(0),
  discount_name: z.string().nullable().default(null),
  discount_funder: z.enum(['cook', 'platform']).nullable().default(null),
  platform_contribution_cents: z.number().int().default(0),
  commission_percent: z.number(),
  commission_cents: z.number().int(),
  cook_cents: z.number().int(),
  /** When the order was refunded (cancelled, refunded after pick-up, or in part by support): the receipt says so. */
  refunded_at: z.string().nullable(),
  /** What was refunded (the total, or a part of it); null when nothing was. */
  refunded_cents: z.number().int().nullable(),
  /** The pick-up slot (ISO instants); null on orders placed before slots. */
  pickup_start: z.string().nullable(),
  pickup_end: z.string().nullable(),
  /**
   * Where to pick up: the commune always, the street only once the cook confirmed the order (as on
   * the order card); null when the cook gave no address.
   */
  pickup_place: z.object({ street: z.string().nullable(), postcode: z.string(), city: z.string() }).nullable(),
});
export type ReceiptDto = z.infer<typeof receiptSchema>;

export const ReceiptsRpc = {
  /** The consumer of the order, or its cook. */
  get: defineRpc(
    'rpc.payments.get-receipt',
    z.object({ actor: actorSchema, order_id: z.string().min(1) }),
    z.object({ receipt: receiptSchema }),
    { callers: ['bff'] },
  ),
  /** A PDF made on the server (base64): the consumer's receipt, or (the cook only) the commission invoice. */
  pdf: defineRpc(
    'rpc.payments.receipt-pdf',
    z.object({ actor: actorSchema, order_id: z.string().min(1), document: z.enum(['receipt', 'commission_invoice']).default('receipt') }),
    z.object({ filename: z.string(), pdf_base64: z.string() }),
    { callers: ['bff'] },
  ),
} as const;
