import { discountOf, promotionRefusal, type BasketPart, type PromotionRules } from '@popote/rules';
import type { PromotionHold } from './promotions.schema';

/**
 * The rules of uses held and made (ADR 0045), pure: no store, no clock of their own (tested in
 * promotions.rules.spec.ts). The promotion's own rules (discount, refusal) are `@popote/rules`.
 */

/** A paid hold is kept this long after its end: a payment event delivered again finds it counted. */
export const PAID_HOLD_KEPT_MS = 24 * 3_600_000;

/** The holds still to keep: unpaid ones until their end, paid ones a day more. */
export const liveHolds = (holds: readonly PromotionHold[], now: number): PromotionHold[] =>
  holds.filter((h) => new Date(h.until).getTime() + (h.paid ? PAID_HOLD_KEPT_MS : 0) > now);

/** Uses counted against `max_uses`: made, and held by checkouts not paid (paid holds are in `used`). */
export const usesCounted = (p: { used: number; holds: readonly PromotionHold[] }, now: number): number =>
  p.used + liveHolds(p.holds, now).filter((h) => !h.paid).length;

/** What a checkout's discount is for one part, with the promotion that gives it. */
export interface Applied<P> {
  promotion: P;
  cents: number;
}

/**
 * The cook's promotion for a part with no code typed: the automatic one that takes the most off
 * (no stacking, ADR 0045), among those that apply; null when none does.
 */
export function bestAutomatic<P extends PromotionRules>(
  candidates: readonly P[],
  part: BasketPart,
  usageOf: (p: P) => { total: number; mine: number },
  now: Date,
): Applied<P> | null {
  let best: Applied<P> | null = null;
  for (const promotion of candidates) {
    if (promotionRefusal(promotion, part, usageOf(promotion), now) !== null) continue;
    const cents = discountOf(promotion, part);
    if (cents > 0 && (!best || cents > best.cents)) best = { promotion, cents };
  }
  return best;
}

/**
 * The platform's first-order offer on a checkout (ADR 0045): on the part with the most dishes, after
 * that part's own discount, never below zero; null when no part reaches the offer's minimum.
 */
export function firstOrderOffer(
  parts: readonly (BasketPart & { dishes_cents: number; discounted_cents: number })[],
  offer: { value_cents: number; min_cents: number },
): { cook_id: string; cents: number } | null {
  if (offer.value_cents <= 0) return null;
  const total = parts.reduce((n, p) => n + p.dishes_cents, 0);
  if (total < offer.min_cents || parts.length === 0) return null;
  const part = [...parts].sort((a, b) => b.dishes_cents - a.dishes_cents || a.cook_id.localeCompare(b.cook_id))[0];
  const cents = Math.min(offer.value_cents, part.dishes_cents - part.discounted_cents);
  return cents > 0 ? { cook_id: part.cook_id, cents } : null;
}
