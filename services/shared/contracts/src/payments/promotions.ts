import { makePromotionInput, PROMOTION_FUNDERS, PROMOTION_KINDS, PROMOTION_STATES } from '@popote/rules';
import { z } from 'zod';
import { actorSchema, defineRpc } from '../shared/envelope';

export {
  PROMOTION_FUNDERS,
  PROMOTION_KINDS,
  PROMOTION_LIMITS,
  PROMOTION_MESSAGES,
  PROMOTION_STATES,
  normalizeCode,
  type PromotionFunder,
  type PromotionKind,
  type PromotionState,
} from '@popote/rules';

// Promotions (ADR 0045): kept by payments, which owns the checkout's amount, refunds and the ledger.

export const PROMOTION_ERRORS = {
  cooksOnly: 'Réservé aux cuisiniers.',
  offerValue: 'L’offre de bienvenue doit être entre 1 et 50 €.',
  offerMinimum: 'Le panier minimum de l’offre doit être entre 0 et 500 €.',
  notFound: 'Promotion introuvable.',
  stopped: 'Cette promotion est arrêtée : créez-en une autre.',
  notYourMeal: "Un des plats choisis n'est pas le vôtre.",
  codeTaken: 'Vous avez déjà une promotion avec ce code : choisissez-en un autre.',
  tooMany: 'Vous avez déjà 20 promotions en cours : arrêtez-en une avant d’en créer une autre.',
} as const;

/** A promotion as its cook (or an operator) reads it, with its figures. */
export const promotionSchema = z.object({
  promotion_id: z.string(),
  funder: z.enum(PROMOTION_FUNDERS),
  cook_id: z.string().nullable(),
  name: z.string(),
  /** Null: automatic (applied without a code). */
  code: z.string().nullable(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().int(),
  meal_ids: z.array(z.string()),
  min_basket_cents: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  max_uses: z.number().int().nullable(),
  max_uses_per_buyer: z.number().int(),
  state: z.enum(PROMOTION_STATES),
  /** Paid checkouts that used it (a full refund gives a use back). */
  uses: z.number().int(),
  /** Checkouts holding a use now (reserved, not paid yet). */
  held: z.number().int(),
  discount_given_cents: z.number().int(),
  /** What the buyers paid for the dishes of those orders, after the discount. */
  sales_cents: z.number().int(),
  created_at: z.string(),
});
export type PromotionDto = z.infer<typeof promotionSchema>;

/** A discount of one cook's part of a checkout (at most one, plus the platform's first-order offer). */
export const checkoutDiscountSchema = z.object({
  cook_id: z.string(),
  promotion_id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  funder: z.enum(PROMOTION_FUNDERS),
  cents: z.number().int().positive(),
});
export type CheckoutDiscount = z.infer<typeof checkoutDiscountSchema>;

/**
 * The platform's first-order offer (ADR 0045): set by an operator in the console; cents off a
 * buyer's first paid checkout from a minimum of dishes, funded by the platform. Null: never set (off).
 */
export const platformOfferSchema = z.object({
  value_cents: z.number().int(),
  min_basket_cents: z.number().int(),
  state: z.enum(['active', 'paused']),
  /** First orders that had it, and what the platform gave. */
  uses: z.number().int(),
  discount_given_cents: z.number().int(),
  updated_at: z.string(),
});
export type PlatformOfferDto = z.infer<typeof platformOfferSchema>;
export const platformOfferInput = z.object({
  value_cents: z.number().int().min(100, PROMOTION_ERRORS.offerValue).max(5_000, PROMOTION_ERRORS.offerValue),
  min_basket_cents: z.number().int().min(0, PROMOTION_ERRORS.offerMinimum).max(50_000, PROMOTION_ERRORS.offerMinimum),
  state: z.enum(['active', 'paused']),
});

/** A code typed for one cook's basket at checkout. */
export const promoCodeInput = z.object({ cook_id: z.string().min(1).max(100), code: z.string().max(40) });

export const PromotionsRpc = {
  create: defineRpc(
    'rpc.payments.create-promotion',
    z.object({ actor: actorSchema, input: makePromotionInput() }),
    z.object({ promotion: promotionSchema }),
    { callers: ['bff'] },
  ),
  /** Paused, active again, or stopped for good. */
  setState: defineRpc(
    'rpc.payments.set-promotion-state',
    z.object({ actor: actorSchema, promotion_id: z.string().min(1).max(100), state: z.enum(PROMOTION_STATES) }),
    z.object({ promotion: promotionSchema }),
    { callers: ['bff'] },
  ),
  mine: defineRpc('rpc.payments.my-promotions', z.object({ actor: actorSchema }), z.object({ items: z.array(promotionSchema) }), {
    callers: ['bff'],
  }),
  platformOffer: defineRpc('rpc.payments.platform-offer', z.object({}), z.object({ offer: platformOfferSchema.nullable() }), {
    callers: ['bff'],
  }),
  /** An operator sets the first-order offer (the BFF writes the audit log first). */
  setPlatformOffer: defineRpc(
    'rpc.payments.set-platform-offer',
    z.object({ operator_id: z.string().min(1).max(100), input: platformOfferInput }),
    z.object({ offer: platformOfferSchema }),
    { callers: ['bff'] },
  ),
  /**
   * What a code takes off the buyer's basket at this cook now (their cart's lines at today's prices),
   * or a French refusal; checked again, and held, when the checkout is created.
   */
  preview: defineRpc(
    'rpc.payments.preview-promo-code',
    z.object({ actor: actorSchema, cook_id: z.string().min(1).max(100), code: z.string().max(40) }),
    z.object({ discount: checkoutDiscountSchema }),
    { callers: ['bff'] },
  ),
} as const;
