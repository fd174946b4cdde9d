import type { CheckoutLine, FulfilmentMode, HeldSlot } from '@popote/contracts';
import type { Meal } from '../meals/meal.schema';
import { slotKey, type Slot } from '../slots/slot-times';

/** What a reservation reads of a meal: its cook, its name and price as reserved, whether it is still there, and from when. */
export type ReservedMeal = Pick<Meal, '_id' | 'cook_id' | 'cook_name' | 'name' | 'price_cents' | 'deleted_at' | 'available_date'>;

export const RESERVED_MEAL_FIELDS = {
  cook_id: 1,
  cook_name: 1,
  name: 1,
  price_cents: 1,
  deleted_at: 1,
  available_date: 1,
} as const;

/** The checkout's lines, priced and named as the meals were when reserved (the answer the buyer pays). */
export const pricedLines = (
  lines: readonly { meal_id: string; quantity: number }[],
  mealOf: ReadonlyMap<string, ReservedMeal>,
): CheckoutLine[] =>
  lines.map((l) => {
    const m = mealOf.get(l.meal_id)!;
    return {
      meal_id: l.meal_id,
      cook_id: m.cook_id,
      cook_name: m.cook_name,
      name: m.name,
      unit_price_cents: m.price_cents,
      quantity: l.quantity,
    };
  });

/** A cook's slot as the buyer's checkout holds it, with its mode and the delivery fee (ADR 0044). */
export const heldSlotOf = (cookId: string, slot: Pick<Slot, 'start' | 'end'>, mode: FulfilmentMode = 'pickup', feeCents = 0): HeldSlot => ({
  cook_id: cookId,
  start: slotKey(slot.start),
  end: slotKey(slot.end),
  mode,
  fee_cents: feeCents,
});
