import {
  CART_MESSAGES,
  DomainError,
  PICKUP_MESSAGES,
  RESERVATION_LIMITS,
  RESERVATION_MESSAGES,
  reservablePortions,
} from '@popote/contracts';
import type { FulfilmentMode } from '@popote/contracts';
import type { SlotRefusal } from '../slots/slot-times';

/**
 * The rules of a reservation (docs/checkout.md), pure: what is still free in a meal's stock and in
 * a slot, and whether a checkout's lines can be reserved. No database, no clock of their own.
 */

export interface Expiring {
  hold_id: string;
  expires_at: Date | string;
}

/** The holds still running at `now` (optionally without one of them: a reservation renewing itself). */
export const liveHolds = <T extends Expiring>(holds: readonly T[] | undefined, now: Date, except?: string): T[] =>
  (holds ?? []).filter((h) => new Date(h.expires_at).getTime() > now.getTime() && h.hold_id !== except);

/** Portions a buyer can still reserve: not sold yet, minus what live reservations hold. */
export const freePortions = (
  stock: { portions: number; holds?: readonly (Expiring & { quantity: number })[] },
  now: Date,
  except?: string,
): number => Math.max(0, stock.portions - liveHolds(stock.holds, now, except).reduce((n, h) => n + h.quantity, 0));

/** Places of a slot in use: committed orders plus live reservations. */
export const usedPlaces = (
  load: { committed: number; holds?: readonly (Expiring & { amount: number })[] } | null,
  now: Date,
  except?: string,
) => (load?.committed ?? 0) + liveHolds(load?.holds, now, except).reduce((n, h) => n + h.amount, 0);

/** What one order uses of a slot: one place per order, or one per portion. */
export const placesFor = (rules: { capacity_unit: string }, portions: number) => (rules.capacity_unit === 'portions' ? portions : 1);

export type StockRefusal =
  | { code: 'NOT_FOUND'; meal_id: string; message: string }
  | { code: 'INSUFFICIENT_STOCK'; meal_id: string; available: number; message: string }
  | { code: 'VALIDATION_FAILED'; meal_id: string; message: string };

/**
 * The first line that cannot be reserved, or null: a meal gone (deleted, another cook's), or fewer
 * free portions than asked ('Stock insuffisant. Il ne reste que N portion(s)', the spec's words,
 * with the dish's name since a cart may hold several), or more than one reservation may hold of
 * it (`reservablePortions`: a small stock whole, half of a larger one, 20 at most).
 */
export function stockRefusal(
  cookId: string,
  lines: readonly { meal_id: string; quantity: number }[],
  meals: ReadonlyMap<string, { cook_id: string; name: string; deleted_at?: Date | null }>,
  stocks: ReadonlyMap<string, { portions: number; holds?: (Expiring & { quantity: number })[] }>,
  now: Date,
  holdId: string,
): StockRefusal | null {
  for (const line of lines) {
    const meal = meals.get(line.meal_id);
    const stock = stocks.get(line.meal_id);
    if (!meal || meal.deleted_at || meal.cook_id !== cookId || !stock)
      return { code: 'NOT_FOUND', meal_id: line.meal_id, message: CART_MESSAGES.mealGone };
    const free = freePortions(stock, now, holdId);
    if (free < line.quantity)
      return {
        code: 'INSUFFICIENT_STOCK',
        meal_id: line.meal_id,
        available: free,
        message: free === 0 ? `${meal.name} : ${CART_MESSAGES.soldOut}` : `${meal.name} : ${CART_MESSAGES.insufficient(free)}`,
      };
    const max = reservablePortions(free);
    if (line.quantity > max)
      return { code: 'VALIDATION_FAILED', meal_id: line.meal_id, message: RESERVATION_MESSAGES.tooManyPortions(meal.name, max) };
  }
  return null;
}

/** The condition that makes a write exact on MongoDB: the document is still at the version read. */
export const atVersion = (v: number | undefined) => (v === undefined ? { v: { $exists: false } } : { v });

/** A slot refusal's code: full is a conflict (another buyer was faster), the rest are the buyer's choice. */
export const slotRefusalCode = (why: SlotRefusal) => (why === 'slot_full' ? 'CONFLICT' : 'VALIDATION_FAILED');

/** What the buyer reads for each slot refusal (the spec's French). */
export const SLOT_REFUSAL_MESSAGES: Readonly<Record<SlotRefusal, string>> = {
  slot_past: PICKUP_MESSAGES.slotPast,
  slot_cutoff: PICKUP_MESSAGES.slotCutoff,
  slot_before_available: PICKUP_MESSAGES.slotBeforeAvailable,
  slot_full: PICKUP_MESSAGES.slotFull,
};

/** A slot refusal's French, worded for a delivery's slot where the words differ (ADR 0044). */
export function slotRefusalMessage(why: SlotRefusal, mode: FulfilmentMode): string {
  if (mode === 'delivery' && why === 'slot_past') return PICKUP_MESSAGES.deliverySlotPast;
  if (mode === 'delivery' && why === 'slot_full') return PICKUP_MESSAGES.deliverySlotFull;
  return SLOT_REFUSAL_MESSAGES[why];
}

/** A slot refusal as the buyer receives it: its code, and its French chosen from the refusal (worded for a delivery's slot). */
export const slotRefused = (why: SlotRefusal, mode: FulfilmentMode = 'pickup') =>
  new DomainError(slotRefusalCode(why), slotRefusalMessage(why, mode));

/** A stock refusal as the buyer receives it: its code and French, the meal (and what is left of it). */
export const stockRefused = (refused: StockRefusal) =>
  new DomainError(
    refused.code,
    refused.message,
    undefined,
    refused.code === 'INSUFFICIENT_STOCK' ? { meal_id: refused.meal_id, available: refused.available } : { meal_id: refused.meal_id },
  );

/** Every line's meal still there, and none of the buyer's own: else refused in French, naming the meal. */
export function mustBeBuyable(
  lines: readonly { meal_id: string }[],
  meals: ReadonlyMap<string, { cook_id: string; deleted_at?: Date | null }>,
  consumerId: string,
): void {
  for (const line of lines) {
    const meal = meals.get(line.meal_id);
    if (!meal || meal.deleted_at) throw new DomainError('NOT_FOUND', CART_MESSAGES.mealGone, undefined, { meal_id: line.meal_id });
    if (meal.cook_id === consumerId) throw new DomainError('FORBIDDEN', CART_MESSAGES.ownMeal, undefined, { meal_id: line.meal_id });
  }
}

/** The earliest a slot may serve these meals: the latest of their available dates (null: no meal, no bound). */
export function availableFrom(meals: readonly { available_date: Date | string }[]): Date | null {
  const dates = meals.map((m) => new Date(m.available_date).getTime());
  return dates.length ? new Date(Math.max(...dates)) : null;
}

/** Lines of one order merged by meal (a cart holds a meal once, an event may repeat it). */
export function mergeLines(items: readonly { meal_id: string; quantity: number }[]): { meal_id: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const i of items) merged.set(i.meal_id, (merged.get(i.meal_id) ?? 0) + i.quantity);
  return [...merged].map(([meal_id, quantity]) => ({ meal_id, quantity }));
}

/**
 * A checkout's lines grouped by cook, each with the slot chosen for that cook: exactly one per cook of
 * the lines, none for a cook who is not there (refused in French). Cooks in the lines' order.
 */
export function partsOf(
  lines: readonly { meal_id: string; quantity: number }[],
  meals: ReadonlyMap<string, { cook_id: string }>,
  chosen: readonly { cook_id: string; start: string; mode?: FulfilmentMode }[],
): { cook_id: string; start: string; mode: FulfilmentMode; lines: { meal_id: string; quantity: number }[] }[] {
  const cooks = [...new Set(lines.map((l) => meals.get(l.meal_id)!.cook_id))];
  if (lines.length > RESERVATION_LIMITS.linesMax) throw new DomainError('VALIDATION_FAILED', RESERVATION_MESSAGES.tooManyLines);
  if (cooks.length > RESERVATION_LIMITS.cooksMax) throw new DomainError('VALIDATION_FAILED', RESERVATION_MESSAGES.tooManyCooks);
  if (chosen.some((c) => !cooks.includes(c.cook_id))) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.slotNotInCart);
  return cooks.map((cookId) => {
    const picks = chosen.filter((c) => c.cook_id === cookId);
    if (picks.length !== 1) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.slotRequired);
    return {
      cook_id: cookId,
      start: picks[0].start,
      mode: picks[0].mode ?? 'pickup',
      lines: lines.filter((l) => meals.get(l.meal_id)!.cook_id === cookId).map((l) => ({ meal_id: l.meal_id, quantity: l.quantity })),
    };
  });
}
