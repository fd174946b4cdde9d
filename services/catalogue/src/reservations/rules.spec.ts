import { CART_MESSAGES, DomainError, PICKUP_MESSAGES, RESERVATION_MESSAGES } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import {
  atVersion,
  freePortions,
  liveHolds,
  mergeLines,
  partsOf,
  placesFor,
  SLOT_REFUSAL_MESSAGES,
  slotRefusalCode,
  slotRefused,
  stockRefusal,
  usedPlaces,
} from './rules';

const now = new Date('2026-11-26T12:00:00Z');
const later = new Date(now.getTime() + 60_000);
const earlier = new Date(now.getTime() - 1);

describe('reservation rules', () => {
  it('a hold counts until its expiry, not at it, and never for the reservation renewing itself', () => {
    const holds = [
      { hold_id: 'a', quantity: 2, expires_at: later },
      { hold_id: 'b', quantity: 1, expires_at: now },
      { hold_id: 'c', quantity: 4, expires_at: earlier.toISOString() },
    ];
    expect(liveHolds(holds, now).map((h) => h.hold_id)).toEqual(['a']);
    expect(liveHolds(holds, now, 'a')).toEqual([]);
    expect(freePortions({ portions: 5, holds }, now)).toBe(3);
    expect(freePortions({ portions: 5, holds }, now, 'a')).toBe(5);
    // Never negative, even if the cook lowered the portions under what is reserved.
    expect(freePortions({ portions: 1, holds }, now)).toBe(0);
    expect(freePortions({ portions: 4 }, now)).toBe(4);
  });

  it('places in use: committed orders and live reservations; one place per order or per portion', () => {
    const load = {
      committed: 2,
      holds: [
        { hold_id: 'x', amount: 3, expires_at: later },
        { hold_id: 'y', amount: 5, expires_at: earlier },
      ],
    };
    expect(usedPlaces(load, now)).toBe(5);
    expect(usedPlaces(load, now, 'x')).toBe(2);
    expect(usedPlaces(null, now)).toBe(0);
    expect(placesFor({ capacity_unit: 'orders' }, 7)).toBe(1);
    expect(placesFor({ capacity_unit: 'portions' }, 7)).toBe(7);
  });

  it('refuses the first line that cannot be reserved, in the spec’s French, with what is left', () => {
    const meals = new Map([
      ['m1', { cook_id: 'k', name: 'Couscous', deleted_at: null }],
      ['m2', { cook_id: 'k', name: 'Tajine', deleted_at: null }],
      ['gone', { cook_id: 'k', name: 'Daube', deleted_at: earlier }],
      ['other', { cook_id: 'z', name: 'Curry', deleted_at: null }],
    ]);
    const stocks = new Map([
      ['m1', { portions: 5, holds: [{ hold_id: 'h1', quantity: 3, expires_at: later }] }],
      ['m2', { portions: 1, holds: [{ hold_id: 'h1', quantity: 1, expires_at: later }] }],
      ['gone', { portions: 9 }],
      ['other', { portions: 9 }],
    ]);
    expect(stockRefusal('k', [{ meal_id: 'm1', quantity: 2 }], meals, stocks, now, 'me')).toBeNull();
    expect(stockRefusal('k', [{ meal_id: 'm1', quantity: 3 }], meals, stocks, now, 'me')).toEqual({
      code: 'INSUFFICIENT_STOCK',
      meal_id: 'm1',
      available: 2,
      message: `Couscous : ${CART_MESSAGES.insufficient(2)}`,
    });
    expect(stockRefusal('k', [{ meal_id: 'm2', quantity: 1 }], meals, stocks, now, 'me')?.message).toBe(
      `Tajine : ${CART_MESSAGES.soldOut}`,
    );
    // Its own earlier reservation does not count against a renewal.
    expect(
      stockRefusal(
        'k',
        [
          { meal_id: 'm1', quantity: 5 },
          { meal_id: 'm2', quantity: 1 },
        ],
        meals,
        stocks,
        now,
        'h1',
      ),
    ).toBeNull();
    for (const id of ['gone', 'other', 'missing'])
      expect(stockRefusal('k', [{ meal_id: id, quantity: 1 }], meals, stocks, now, 'me')).toMatchObject({
        code: 'NOT_FOUND',
        message: CART_MESSAGES.mealGone,
      });
  });

  it('writes are conditional on the version read; refusal codes; lines merged by meal', () => {
    expect(atVersion(undefined)).toEqual({ v: { $exists: false } });
    expect(atVersion(0)).toEqual({ v: 0 });
    expect(atVersion(7)).toEqual({ v: 7 });
    expect(slotRefusalCode('slot_full')).toBe('CONFLICT');
    expect(slotRefusalCode('slot_past')).toBe('VALIDATION_FAILED');
    expect(
      mergeLines([
        { meal_id: 'a', quantity: 1 },
        { meal_id: 'b', quantity: 2 },
        { meal_id: 'a', quantity: 3 },
      ]),
    ).toEqual([
      { meal_id: 'a', quantity: 4 },
      { meal_id: 'b', quantity: 2 },
    ]);
  });

  it('a slot refusal reaches the buyer as its code and the spec’s French, chosen from the refusal', () => {
    expect(SLOT_REFUSAL_MESSAGES).toEqual({
      slot_past: PICKUP_MESSAGES.slotPast,
      slot_cutoff: PICKUP_MESSAGES.slotCutoff,
      slot_before_available: PICKUP_MESSAGES.slotBeforeAvailable,
      slot_full: PICKUP_MESSAGES.slotFull,
    });
    expect(slotRefused('slot_full')).toBeInstanceOf(DomainError);
    expect(slotRefused('slot_full')).toMatchObject({ code: 'CONFLICT', message: PICKUP_MESSAGES.slotFull });
    expect(slotRefused('slot_before_available')).toMatchObject({ code: 'VALIDATION_FAILED', message: PICKUP_MESSAGES.slotBeforeAvailable });
    // A delivery's slot is named as such where the words differ.
    expect(slotRefused('slot_full', 'delivery')).toMatchObject({ code: 'CONFLICT', message: PICKUP_MESSAGES.deliverySlotFull });
    expect(slotRefused('slot_past', 'delivery').message).toBe('Ce créneau de livraison est déjà passé : choisissez-en un autre.');
    expect(slotRefused('slot_cutoff', 'delivery').message).toBe(PICKUP_MESSAGES.slotCutoff);
  });

  it('groups a checkout’s lines by cook, each with exactly one chosen slot, refused in French otherwise', () => {
    const meals = new Map([
      ['m1', { cook_id: 'amina' }],
      ['m2', { cook_id: 'jules' }],
      ['m3', { cook_id: 'amina' }],
    ]);
    const lines = [
      { meal_id: 'm1', quantity: 1 },
      { meal_id: 'm2', quantity: 2 },
      { meal_id: 'm3', quantity: 3 },
    ];
    const a = { cook_id: 'amina', start: '2026-11-27T10:00:00.000Z' };
    const j = { cook_id: 'jules', start: '2026-11-27T11:00:00.000Z' };
    // The mode left out is a pick-up; a delivery keeps its mode (ADR 0044).
    expect(partsOf(lines, meals, [{ ...j, mode: 'delivery' }, a])).toEqual([
      { ...a, mode: 'pickup', lines: [lines[0], lines[2]] },
      { ...j, mode: 'delivery', lines: [lines[1]] },
    ]);
    const refused = (chosen: { cook_id: string; start: string }[]) => {
      try {
        partsOf(lines, meals, chosen);
        return null;
      } catch (err) {
        return (err as DomainError).message;
      }
    };
    expect(refused([a])).toBe(PICKUP_MESSAGES.slotRequired);
    expect(refused([a, a, j])).toBe(PICKUP_MESSAGES.slotRequired);
    expect(refused([a, j, { cook_id: 'someone', start: a.start }])).toBe(PICKUP_MESSAGES.slotNotInCart);
  });

  it('bounds what one reservation holds: 5 cooks, 20 dishes, 10 portions of a dish or half of a larger stock, 20 at most', () => {
    const cooks = Array.from({ length: 6 }, (_, i) => `cook-${i}`);
    const meals = new Map(cooks.map((c, i) => [`m${i}`, { cook_id: c }]));
    const lines = cooks.map((_, i) => ({ meal_id: `m${i}`, quantity: 1 }));
    const chosen = cooks.map((c) => ({ cook_id: c, start: '2026-11-27T10:00:00.000Z' }));
    expect(partsOf(lines.slice(0, 5), meals, chosen.slice(0, 5))).toHaveLength(5);
    expect(() => partsOf(lines, meals, chosen)).toThrow(RESERVATION_MESSAGES.tooManyCooks);
    const many = new Map(Array.from({ length: 21 }, (_, i) => [`d${i}`, { cook_id: 'amina' }]));
    const amina = [{ cook_id: 'amina', start: '2026-11-27T10:00:00.000Z' }];
    const dishes = [...many.keys()].map((meal_id) => ({ meal_id, quantity: 1 }));
    expect(partsOf(dishes.slice(0, 20), many, amina)[0]?.lines).toHaveLength(20);
    expect(() => partsOf(dishes, many, amina)).toThrow(RESERVATION_MESSAGES.tooManyLines);

    const dish = new Map([['big', { cook_id: 'k', name: 'Lasagnes', deleted_at: null }]]);
    const stock = (portions: number) => new Map([['big', { portions, holds: [] }]]);
    // 40 free: 20 at most (half); 30 free: 15; 9 free: all 9 (a household's meal is not split).
    expect(stockRefusal('k', [{ meal_id: 'big', quantity: 20 }], dish, stock(40), now, 'me')).toBeNull();
    expect(stockRefusal('k', [{ meal_id: 'big', quantity: 21 }], dish, stock(40), now, 'me')).toEqual({
      code: 'VALIDATION_FAILED',
      meal_id: 'big',
      message: RESERVATION_MESSAGES.tooManyPortions('Lasagnes', 20),
    });
    expect(stockRefusal('k', [{ meal_id: 'big', quantity: 16 }], dish, stock(30), now, 'me')?.message).toBe(
      RESERVATION_MESSAGES.tooManyPortions('Lasagnes', 15),
    );
    expect(stockRefusal('k', [{ meal_id: 'big', quantity: 9 }], dish, stock(9), now, 'me')).toBeNull();
    expect(stockRefusal('k', [{ meal_id: 'big', quantity: 3 }], dish, stock(3), now, 'me')).toBeNull();
    // 1 000 free: never above 20 in one reservation.
    expect(stockRefusal('k', [{ meal_id: 'big', quantity: 21 }], dish, stock(1000), now, 'me')?.code).toBe('VALIDATION_FAILED');
  });
});
