import { z } from 'zod';

/**
 * Promotions (ADR 0045): a cook's code or automatic offer on their own dishes, funded by the cook,
 * or the platform's offer (a first order), funded by the platform. What the cook's form, payments
 * and the BFF share: the bounds, the French messages, the discount of a cook's part of a basket and
 * why a promotion does not apply. No database, no clock of their own.
 */
export const PROMOTION_LIMITS = {
  codeMin: 4,
  codeMax: 20,
  percentMin: 1,
  percentMax: 90,
  amountMaxCents: 10_000,
  minBasketMaxCents: 50_000,
  usesMax: 100_000,
  perBuyerMax: 100,
  /** At most this long between the start and the end. */
  durationMaxDays: 366,
  nameMax: 80,
  mealsMax: 100,
} as const;

export const PROMOTION_KINDS = ['percent', 'amount'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_FUNDERS = ['cook', 'platform'] as const;
export type PromotionFunder = (typeof PROMOTION_FUNDERS)[number];
export const PROMOTION_STATES = ['active', 'paused', 'stopped'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

const L = PROMOTION_LIMITS;
export const PROMOTION_MESSAGES = {
  nameRequired: 'Donnez un nom à la promotion',
  nameMax: `Le nom ne doit pas dépasser ${L.nameMax} caractères`,
  code: `Le code contient de ${L.codeMin} à ${L.codeMax} lettres ou chiffres, sans espace ni accent`,
  percent: `La réduction doit être entre ${L.percentMin} et ${L.percentMax} %`,
  amount: `La réduction doit être entre 0,01 et ${L.amountMaxCents / 100} €`,
  minBasket: `Le panier minimum doit être entre 0 et ${L.minBasketMaxCents / 100} €`,
  uses: `Le nombre d'utilisations doit être entre 1 et ${L.usesMax}`,
  perBuyer: `Le nombre d'utilisations par client doit être entre 1 et ${L.perBuyerMax}`,
  dates: 'La fin doit être après le début',
  duration: `Une promotion dure au plus ${L.durationMaxDays} jours`,
  dateFormat: 'Date invalide',
  tooManyMeals: `Au plus ${L.mealsMax} plats`,
  // At checkout: why a code does not apply (the buyer reads it under the basket's field).
  unknown: "Ce code promo n'existe pas.",
  notStarted: "Ce code promo n'est pas encore valable.",
  expired: "Ce code promo n'est plus valable.",
  paused: "Ce code promo est suspendu pour l'instant.",
  notForTheseDishes: 'Ce code promo ne concerne aucun plat de ce panier.',
  minimum: (euros: string) => `Ce code promo vaut à partir de ${euros} de plats chez ce cuisinier.`,
  exhausted: 'Ce code promo a déjà été utilisé autant de fois que prévu.',
  alreadyUsed: 'Vous avez déjà utilisé ce code promo.',
  notThisCook: "Ce code promo n'est pas valable chez ce cuisinier.",
  tooManyAttempts: 'Trop de codes essayés : réessayez dans quelques minutes.',
  busy: 'Ce code promo est très demandé en ce moment : réessayez dans un instant.',
} as const;
const m = PROMOTION_MESSAGES;

/** A code as the buyer types it (`weekend10 `), as stored and compared (`WEEKEND10`). */
export const normalizeCode = (typed: string): string => typed.trim().toUpperCase();
const CODE = new RegExp(`^[A-Z0-9]{${L.codeMin},${L.codeMax}}$`);

/**
 * The promotion a cook (or an operator, for the platform) saves, built when called (zod probes for
 * `new Function` as it builds an object schema). Dates are instants (the form turns Paris times into
 * them); `meal_ids` empty: every dish of the cook; `max_uses` null: no limit.
 */
export function makePromotionInput() {
  const instant = z.string().datetime({ offset: true, message: m.dateFormat });
  return z
    .object({
      name: z.string().trim().min(1, m.nameRequired).max(L.nameMax, m.nameMax),
      /** Null: automatic (no code to type). */
      code: z.string({ message: m.code }).trim().toUpperCase().regex(CODE, m.code).nullable().default(null),
      kind: z.enum(PROMOTION_KINDS),
      /** Percent (1–90) or cents (1–10 000), by `kind`. */
      value: z.number().int(),
      meal_ids: z.array(z.string().min(1)).max(L.mealsMax, m.tooManyMeals).default([]),
      min_basket_cents: z.number().int().min(0, m.minBasket).max(L.minBasketMaxCents, m.minBasket).default(0),
      starts_at: instant,
      ends_at: instant,
      max_uses: z.number().int().min(1, m.uses).max(L.usesMax, m.uses).nullable(),
      max_uses_per_buyer: z.number().int().min(1, m.perBuyer).max(L.perBuyerMax, m.perBuyer).default(1),
    })
    .superRefine((p, ctx) => {
      if (p.kind === 'percent' && (p.value < L.percentMin || p.value > L.percentMax))
        ctx.addIssue({ code: 'custom', message: m.percent, path: ['value'] });
      if (p.kind === 'amount' && (p.value < 1 || p.value > L.amountMaxCents))
        ctx.addIssue({ code: 'custom', message: m.amount, path: ['value'] });
      const start = Date.parse(p.starts_at);
      const end = Date.parse(p.ends_at);
      if (end <= start) ctx.addIssue({ code: 'custom', message: m.dates, path: ['ends_at'] });
      else if (end - start > L.durationMaxDays * 86_400_000) ctx.addIssue({ code: 'custom', message: m.duration, path: ['ends_at'] });
    });
}
export type PromotionInput = z.input<ReturnType<typeof makePromotionInput>>;
export type PromotionFields = z.output<ReturnType<typeof makePromotionInput>>;

/** What the rules read of a promotion as stored. */
export interface PromotionRules {
  funder: PromotionFunder;
  /** The cook whose dishes it is on (null: the platform's, on any cook). */
  cook_id: string | null;
  kind: PromotionKind;
  value: number;
  meal_ids: readonly string[];
  min_basket_cents: number;
  starts_at: Date | string;
  ends_at: Date | string;
  state: PromotionState;
  max_uses: number | null;
  max_uses_per_buyer: number;
}

/** One cook's part of a basket: its lines at the prices reserved. */
export interface BasketPart {
  cook_id: string;
  lines: readonly { meal_id: string; unit_price_cents: number; quantity: number }[];
}

/** The dishes of a part the promotion covers, in cents (every dish when it names none). */
export const eligibleCents = (promo: Pick<PromotionRules, 'meal_ids'>, part: BasketPart): number =>
  part.lines
    .filter((l) => promo.meal_ids.length === 0 || promo.meal_ids.includes(l.meal_id))
    .reduce((n, l) => n + l.unit_price_cents * l.quantity, 0);

/**
 * The discount of a part, in cents: a percentage of the dishes it covers rounded half up, or an
 * amount, never more than those dishes (the delivery fee is never discounted).
 */
export function discountOf(promo: Pick<PromotionRules, 'kind' | 'value' | 'meal_ids'>, part: BasketPart): number {
  const base = eligibleCents(promo, part);
  const off = promo.kind === 'percent' ? Math.floor((base * promo.value + 50) / 100) : promo.value;
  return Math.max(0, Math.min(off, base));
}

/** Uses counted for a promotion: made (paid) and held by checkouts not paid yet. */
export interface PromotionUsage {
  /** All buyers. */
  total: number;
  /** This buyer. */
  mine: number;
}

/**
 * Why a promotion does not apply to a part of this buyer's basket now (French, for the buyer), or
 * null: it applies. Checked in this order, so the buyer reads the first thing to change.
 */
export function promotionRefusal(promo: PromotionRules, part: BasketPart, usage: PromotionUsage, now: Date): string | null {
  if (promo.state === 'stopped') return m.expired;
  if (promo.funder === 'cook' && promo.cook_id !== part.cook_id) return m.notThisCook;
  if (now.getTime() < new Date(promo.starts_at).getTime()) return m.notStarted;
  if (now.getTime() >= new Date(promo.ends_at).getTime()) return m.expired;
  if (promo.state === 'paused') return m.paused;
  const base = eligibleCents(promo, part);
  if (base === 0) return m.notForTheseDishes;
  if (base < promo.min_basket_cents) return m.minimum(euroText(promo.min_basket_cents));
  if (usage.mine >= promo.max_uses_per_buyer) return m.alreadyUsed;
  if (promo.max_uses !== null && usage.total >= promo.max_uses) return m.exhausted;
  return null;
}

/** "12,50 €" (the rules have no Intl of their own: the same text in every runtime). */
const euroText = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;

/**
 * What a paid order's money becomes with a discount (ADR 0045). A cook's promotion lowers the sale:
 * the commission is on what the buyer paid for the dishes. The platform's promotion lowers what the
 * buyer pays, not the cook's sale: the platform pays the difference (its contribution), and takes
 * its commission on the full price. The delivery fee is never discounted nor commissioned.
 */
export function promotedSplit(
  order: { dishes_cents: number; fee_cents: number; discount_cents: number; funder: PromotionFunder | null },
  rateBp: number,
): { buyer_pays_cents: number; sale_cents: number; commission_cents: number; cook_cents: number; platform_contribution_cents: number } {
  const { dishes_cents: dishes, fee_cents: fee, discount_cents: discount, funder } = order;
  if (discount < 0 || discount > dishes) throw new Error(`discount out of range: ${discount} of ${dishes}`);
  const sale = funder === 'cook' ? dishes - discount : dishes;
  const commission = Math.floor((sale * rateBp + 5000) / 10000);
  return {
    buyer_pays_cents: dishes - discount + fee,
    sale_cents: sale,
    commission_cents: commission,
    cook_cents: sale - commission + fee,
    platform_contribution_cents: funder === 'platform' ? discount : 0,
  };
}
