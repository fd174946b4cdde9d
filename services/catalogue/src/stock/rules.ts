import { freePortions, liveHolds, type Expiring } from '../reservations/rules';

/**
 * The rules of a meal's stock (ADR 0004, docs/checkout.md), pure: how an order's lines are taken or
 * refused, what a cancellation gives back, what a cook's edit sets, what a card must show. No
 * database, no clock of their own; the stock worker reads, asks these, then writes what they say
 * (each write conditional on the version it read). What is free is `freePortions` (the portions not
 * sold yet minus the live reservations), shared with the reservations at checkout.
 */

export interface StockLine {
  meal_id: string;
  quantity: number;
}

/** What the rules read of a stock document. */
export interface StockState {
  portions: number;
  holds?: readonly (Expiring & { quantity: number })[];
  /** Stream sequence of the last event applied. */
  seq: number;
  op?: string;
  /** Counts every write (absent on documents stored before it). */
  v?: number;
}

/** Why an order takes nothing (the stock-rejected event's reason). */
export type StockRejectionReason = 'meal_not_found' | 'insufficient_stock' | 'slot_full';

export interface StockRejection {
  /** The first line refused ('' when the pick-up slot refused the whole order). */
  meal_id: string;
  reason: StockRejectionReason;
}

/** How the pick-up slot received the order: no slot chosen, a place taken, or no room left. */
export type SlotRoom = 'none' | 'ok' | 'full';

export interface OrderMoves {
  rejection: StockRejection | null;
  /** Accepted: the lines still to take (those this very event already took are left out). */
  take: StockLine[];
  /** Refused: the lines this very event took before it crashed, to give back. */
  giveBack: StockLine[];
}

/** The line was taken by the event of sequence `seq` itself (a crash between the stock writes and the outcome). */
export const takenBy = (stock: StockState | undefined, seq: number): boolean => stock?.seq === seq && stock.op === 'take';

/**
 * An order's lines, all or none: refused if its slot has no room left, a dish is gone, or fewer
 * portions are free than a line asks — where the order's own reservation (its hold, same id as the
 * order) counts as free for it, and a line this event already took counts as taken. The first
 * refusal wins, the slot before the lines.
 */
export function orderMoves(
  order: { order_id: string; seq: number; lines: readonly StockLine[]; room: SlotRoom },
  stocks: ReadonlyMap<string, StockState>,
  meals: ReadonlyMap<string, { deleted_at?: Date | null }>,
  now: Date,
): OrderMoves {
  let rejection: StockRejection | null = order.room === 'full' ? { meal_id: '', reason: 'slot_full' } : null;
  for (const line of order.lines) {
    const stock = stocks.get(line.meal_id);
    const meal = meals.get(line.meal_id);
    if (!stock || !meal || meal.deleted_at) rejection ??= { meal_id: line.meal_id, reason: 'meal_not_found' };
    else if (!takenBy(stock, order.seq) && freePortions(stock, now, order.order_id) < line.quantity)
      rejection ??= { meal_id: line.meal_id, reason: 'insufficient_stock' };
  }
  const here = (l: StockLine) => takenBy(stocks.get(l.meal_id), order.seq);
  return rejection
    ? { rejection, take: [], giveBack: order.lines.filter(here) }
    : { rejection: null, take: order.lines.filter((l) => !here(l)), giveBack: [] };
}

/**
 * Whether taking this line only turns the order's own live reservation of exactly this quantity into
 * a sale: what is free (portions − live holds) stays the same, so the meal's card shows the right
 * number already. Not for a line this event took before (a redelivery copies its card again).
 */
export function soldFromOwnHold(stock: StockState | undefined, line: StockLine, orderId: string, now: Date): boolean {
  const own = stock ? liveHolds(stock.holds, now).find((h) => h.hold_id === orderId) : undefined;
  return own?.quantity === line.quantity;
}

/**
 * The stock once an order takes `quantity`: fewer portions not sold, the order's own reservation
 * gone (it is now sold) and the expired ones dropped, stamped with the event and one more version.
 */
export const taken = (stock: StockState, quantity: number, orderId: string, seq: number, now: Date) => ({
  portions: stock.portions - quantity,
  holds: liveHolds(stock.holds, now, orderId),
  seq,
  op: 'take' as const,
  v: (stock.v ?? 0) + 1,
});

/** What an order-cancelled does, from the outcome recorded when its order-placed was applied. */
export type RestockStep =
  /** Not applied yet: its reservation is given back and whatever order-placed comes later takes nothing. */
  | 'void'
  /** Rejected or voided: it took nothing, so nothing comes back. */
  | 'nothing'
  /** Given back before (a redelivery): the cards are copied as the stock is, nothing more. */
  | 'replay'
  /** Committed: its portions come back, once. */
  | 'give_back';

export function restockStep(application: { result: 'committed' | 'rejected' | 'void'; restocked_at?: Date | null } | null): RestockStep {
  if (!application) return 'void';
  if (application.result !== 'committed') return 'nothing';
  return application.restocked_at ? 'replay' : 'give_back';
}

/**
 * The portions after a cook's edit. What the cook sets is what buyers can reserve, so the live
 * reservations stay on top of it. With the portions the form showed (`seen`), the edit is relative
 * (sales made meanwhile stay sold) and never goes under what is reserved.
 */
export function adjustedPortions(stock: StockState, asked: number, seen: number | null, now: Date): number {
  const reserved = stock.portions - freePortions(stock, now);
  return seen === null ? asked + reserved : Math.max(reserved, stock.portions + (asked - seen));
}

/** An event at or below the stock's last sequence was applied to it before (a redelivery). */
export const appliedBefore = (stock: Pick<StockState, 'seq'>, seq: number): boolean => stock.seq >= seq;

/** The reservations without `holdId`, or null when it holds nothing here (nothing to write). */
export function withoutHold<T extends { hold_id: string }>(holds: readonly T[] | undefined, holdId: string): T[] | null {
  const all = holds ?? [];
  return all.some((h) => h.hold_id === holdId) ? all.filter((h) => h.hold_id !== holdId) : null;
}

/**
 * A card must be copied again when it has no copy yet or another value than what is free now. Its
 * version may be older than the stock's with the same value: an order that sells its own reservation
 * changes the stock, not what is free, and its card is not copied (a copy's version only orders copies).
 */
export function cardIsStale(card: { portions?: number | null; portions_v?: number | null }, stock: StockState, now: Date): boolean {
  return card.portions_v === undefined || card.portions_v === null || card.portions !== freePortions(stock, now);
}

/** A meal's rating with one more review: the mean of every rating, to two decimals. */
/** The meal's average without one rating it counted (a review removed by moderation, ADR 0042). */
export function withoutRating(meal: { rating_average?: number; rating_count?: number }, rating: number) {
  const before = meal.rating_count ?? 0;
  if (before <= 1) return { rating_average: 0, rating_count: 0 };
  const count = before - 1;
  const average = Math.round(Math.max(0, ((meal.rating_average ?? 0) * before - rating) / count) * 100) / 100;
  return { rating_average: average, rating_count: count };
}

export function withRating(meal: { rating_average?: number; rating_count?: number }, rating: number) {
  const count = (meal.rating_count ?? 0) + 1;
  const average = Math.round((((meal.rating_average ?? 0) * (count - 1) + rating) / count) * 100) / 100;
  return { rating_average: average, rating_count: count };
}
