import { describe, expect, it } from 'vitest';
import { isFirstAdd, startsNewCart, type VisitMemory } from './confetti';

/** A visit's memory as sessionStorage keeps it: one per tab session. */
function newVisit(): VisitMemory {
  let added = false;
  return {
    hasAdded: () => added,
    rememberAdd: () => {
      added = true;
    },
  };
}

const line = (meal_id: string, quantity: number) => ({ meal_id, quantity });

describe('add-to-cart confetti (spec: on the first add)', () => {
  it('celebrates the first add of a visit, not the following ones', () => {
    const visit = newVisit();
    // The cart already held something from an earlier visit: still the visit's first add.
    expect(isFirstAdd(false, visit)).toBe(true);
    expect(isFirstAdd(false, visit)).toBe(false);
    expect(isFirstAdd(false, visit)).toBe(false);
  });

  it('celebrates again when an add starts a new cart (after an order or emptying it)', () => {
    const visit = newVisit();
    expect(isFirstAdd(true, visit)).toBe(true);
    expect(isFirstAdd(false, visit)).toBe(false);
    expect(isFirstAdd(true, visit)).toBe(true);
  });

  it('celebrates on every new visit, not once per browser ever', () => {
    const first = newVisit();
    expect(isFirstAdd(false, first)).toBe(true);
    expect(isFirstAdd(false, newVisit())).toBe(true);
  });

  it("knows from the server's cart whether the add started it", () => {
    expect(startsNewCart({ items: [line('tajine', 2)] }, 'tajine', 2)).toBe(true);
    // More of a meal already there, or another meal next to it: the cart was not empty.
    expect(startsNewCart({ items: [line('tajine', 3)] }, 'tajine', 2)).toBe(false);
    expect(startsNewCart({ items: [line('curry', 1), line('tajine', 2)] }, 'tajine', 2)).toBe(false);
    expect(startsNewCart({ items: [] }, 'tajine', 2)).toBe(false);
  });
});
