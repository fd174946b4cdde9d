import { describe, expect, it } from 'vitest';
import {
  adjustedPortions,
  appliedBefore,
  cardIsStale,
  orderMoves,
  soldFromOwnHold,
  restockStep,
  taken,
  withoutHold,
  withRating,
  type StockState,
} from './rules';

const now = new Date('2026-11-26T12:00:00Z');
const later = new Date(now.getTime() + 60_000);
const earlier = new Date(now.getTime() - 1);
const hold = (hold_id: string, quantity: number, expires_at = later) => ({ hold_id, quantity, expires_at });
const meals = (...ids: string[]) => new Map(ids.map((id) => [id, { deleted_at: null }]));

describe('stock rules', () => {
  it('an order takes what is free for it: its own reservation counts, the others’ live ones do not, expired ones are free again', () => {
    // 5 not sold: the order's own hold of 2, another buyer's live hold of 2, an expired one of 4.
    const stocks = new Map<string, StockState>([
      ['m1', { portions: 5, seq: 10, op: 'create', v: 3, holds: [hold('o1', 2), hold('o2', 2), hold('o3', 4, earlier)] }],
    ]);
    const order = (quantity: number) => ({ order_id: 'o1', seq: 20, lines: [{ meal_id: 'm1', quantity }], room: 'none' as const });
    expect(orderMoves(order(3), stocks, meals('m1'), now)).toEqual({
      rejection: null,
      take: [{ meal_id: 'm1', quantity: 3 }],
      giveBack: [],
    });
    expect(orderMoves(order(4), stocks, meals('m1'), now)).toEqual({
      rejection: { meal_id: 'm1', reason: 'insufficient_stock' },
      take: [],
      giveBack: [],
    });
    // Another order (no reservation of its own) gets only what no live reservation holds.
    expect(orderMoves({ ...order(1), order_id: 'o9' }, stocks, meals('m1'), now).rejection).toBeNull();
    expect(orderMoves({ ...order(2), order_id: 'o9' }, stocks, meals('m1'), now).rejection).toEqual({
      meal_id: 'm1',
      reason: 'insufficient_stock',
    });
  });

  it('all lines or none: the slot first, then the first line refused; a gone dish is not found', () => {
    const stocks = new Map<string, StockState>([
      ['a', { portions: 1, seq: 0 }],
      ['b', { portions: 9, seq: 0 }],
      ['gone', { portions: 9, seq: 0 }],
    ]);
    const known = new Map([
      ['a', { deleted_at: null }],
      ['b', { deleted_at: null }],
      ['gone', { deleted_at: earlier }],
    ]);
    const lines = [
      { meal_id: 'b', quantity: 2 },
      { meal_id: 'a', quantity: 2 },
      { meal_id: 'gone', quantity: 1 },
    ];
    const moves = (room: 'none' | 'ok' | 'full', l = lines) => orderMoves({ order_id: 'o', seq: 5, lines: l, room }, stocks, known, now);
    expect(moves('ok')).toEqual({ rejection: { meal_id: 'a', reason: 'insufficient_stock' }, take: [], giveBack: [] });
    expect(moves('full').rejection).toEqual({ meal_id: '', reason: 'slot_full' });
    expect(moves('ok', [lines[2], lines[0]]).rejection).toEqual({ meal_id: 'gone', reason: 'meal_not_found' });
    expect(moves('ok', [{ meal_id: 'missing', quantity: 1 }]).rejection).toEqual({ meal_id: 'missing', reason: 'meal_not_found' });
    expect(moves('full', [lines[0]])).toMatchObject({ take: [] });
    expect(moves('ok', [lines[0]])).toEqual({ rejection: null, take: [lines[0]], giveBack: [] });
  });

  it('a redelivered order recognises the lines it took before crashing: not taken twice, given back if the order is refused', () => {
    const stocks = new Map<string, StockState>([
      // Taken by this very event (seq 7) before the crash: 0 left, yet the line stands.
      ['a', { portions: 0, seq: 7, op: 'take', v: 4 }],
      ['b', { portions: 3, seq: 2, op: 'adjust', v: 1 }],
      // The same sequence but another move (a restock): not this event's take.
      ['c', { portions: 0, seq: 7, op: 'restock', v: 2 }],
    ]);
    const order = (lines: { meal_id: string; quantity: number }[], room: 'ok' | 'full' = 'ok') =>
      orderMoves({ order_id: 'o', seq: 7, lines, room }, stocks, meals('a', 'b', 'c'), now);
    const a = { meal_id: 'a', quantity: 2 };
    const b = { meal_id: 'b', quantity: 3 };
    expect(order([a, b])).toEqual({ rejection: null, take: [b], giveBack: [] });
    expect(order([a, { meal_id: 'b', quantity: 4 }])).toEqual({
      rejection: { meal_id: 'b', reason: 'insufficient_stock' },
      take: [],
      giveBack: [a],
    });
    expect(order([a], 'full')).toEqual({ rejection: { meal_id: '', reason: 'slot_full' }, take: [], giveBack: [a] });
    expect(order([{ meal_id: 'c', quantity: 1 }]).rejection).toEqual({ meal_id: 'c', reason: 'insufficient_stock' });
  });

  it('taking sells the portions, ends the order’s own reservation and drops the expired ones, one version up', () => {
    const stock: StockState = { portions: 6, seq: 3, op: 'adjust', v: 8, holds: [hold('o1', 2), hold('o2', 1), hold('old', 3, earlier)] };
    expect(taken(stock, 2, 'o1', 9, now)).toEqual({ portions: 4, holds: [hold('o2', 1)], seq: 9, op: 'take', v: 9 });
    // A document stored before versions: its first write is version 1.
    expect(taken({ portions: 2, seq: 0 }, 2, 'o1', 1, now)).toEqual({ portions: 0, holds: [], seq: 1, op: 'take', v: 1 });
  });

  it('a cancellation gives back a committed order once, voids one not applied yet, and leaves a refused one alone', () => {
    expect(restockStep(null)).toBe('void');
    expect(restockStep({ result: 'committed', restocked_at: null })).toBe('give_back');
    expect(restockStep({ result: 'committed' })).toBe('give_back');
    expect(restockStep({ result: 'committed', restocked_at: earlier })).toBe('replay');
    expect(restockStep({ result: 'rejected', restocked_at: null })).toBe('nothing');
    expect(restockStep({ result: 'void', restocked_at: null })).toBe('nothing');
  });

  it('a cook’s edit sets what buyers can reserve: relative to what the form showed, live reservations on top, never under them', () => {
    // 10 not sold, 3 held by live reservations (an expired hold of 5 no longer counts): 7 free.
    const stock: StockState = { portions: 10, seq: 4, holds: [hold('h1', 3), hold('h2', 5, earlier)] };
    expect(adjustedPortions(stock, 20, null, now)).toBe(23);
    expect(adjustedPortions(stock, 0, null, now)).toBe(3);
    // The form showed 8; 1 sold since (10 now): asking 5 removes 3.
    expect(adjustedPortions(stock, 5, 8, now)).toBe(7);
    expect(adjustedPortions(stock, 12, 8, now)).toBe(14);
    // Asking 0 after seeing 10 would go under the 3 reserved: they stay.
    expect(adjustedPortions({ portions: 4, seq: 4, holds: [hold('h1', 3)] }, 0, 10, now)).toBe(3);
    expect(appliedBefore({ seq: 4 }, 4)).toBe(true);
    expect(appliedBefore({ seq: 4 }, 3)).toBe(true);
    expect(appliedBefore({ seq: 4 }, 5)).toBe(false);
  });

  it('a reservation leaves the stock only where it holds something', () => {
    const holds = [hold('a', 1), hold('b', 2)];
    expect(withoutHold(holds, 'a')).toEqual([hold('b', 2)]);
    expect(withoutHold(holds, 'z')).toBeNull();
    expect(withoutHold(undefined, 'a')).toBeNull();
  });

  it('a card is copied again when it has no copy or another value than what is free now', () => {
    const stock: StockState = { portions: 5, seq: 3, v: 4, holds: [hold('h', 2)] };
    expect(cardIsStale({ portions: 3, portions_v: 4 }, stock, now)).toBe(false);
    expect(cardIsStale({ portions: 3 }, stock, now)).toBe(true);
    expect(cardIsStale({ portions: 3, portions_v: null }, stock, now)).toBe(true);
    // An older version showing what is free (an order sold its own reservation: the card was not copied).
    expect(cardIsStale({ portions: 3, portions_v: 3 }, stock, now)).toBe(false);
    expect(cardIsStale({ portions: 4, portions_v: 3 }, stock, now)).toBe(true);
    // A reservation expired: same version, the value is no longer right.
    expect(cardIsStale({ portions: 3, portions_v: 4 }, stock, new Date(later.getTime() + 1))).toBe(true);
    // A newer copy than the stock read (a copy made after it) is not stale.
    expect(cardIsStale({ portions: 3, portions_v: 9 }, stock, now)).toBe(false);
    expect(cardIsStale({ portions: 5, portions_v: 0 }, { portions: 5, seq: 0 }, now)).toBe(false);
  });

  it('an order that sells its own live reservation of the same quantity leaves what is free as it was: no card to copy', () => {
    const stock: StockState = { portions: 5, seq: 3, v: 4, holds: [hold('o1', 2), hold('o2', 1)] };
    expect(soldFromOwnHold(stock, { meal_id: 'm', quantity: 2 }, 'o1', now)).toBe(true);
    // What is free is the same before and after the sale.
    const after = { ...stock, ...taken(stock, 2, 'o1', 4, now) };
    expect(cardIsStale({ portions: 2, portions_v: 4 }, after, now)).toBe(false);
    // Another quantity than held, an expired reservation, no reservation, no stock: the card changes.
    expect(soldFromOwnHold(stock, { meal_id: 'm', quantity: 1 }, 'o1', now)).toBe(false);
    expect(soldFromOwnHold({ ...stock, holds: [hold('o1', 2, earlier)] }, { meal_id: 'm', quantity: 2 }, 'o1', now)).toBe(false);
    expect(soldFromOwnHold(stock, { meal_id: 'm', quantity: 1 }, 'o3', now)).toBe(false);
    expect(soldFromOwnHold(undefined, { meal_id: 'm', quantity: 1 }, 'o1', now)).toBe(false);
  });

  it('a rating joins the mean of every rating, to two decimals', () => {
    expect(withRating({}, 4)).toEqual({ rating_average: 4, rating_count: 1 });
    expect(withRating({ rating_average: 4, rating_count: 2 }, 5)).toEqual({ rating_average: 4.33, rating_count: 3 });
    expect(withRating({ rating_average: 4.5, rating_count: 2 }, 3)).toEqual({ rating_average: 4, rating_count: 3 });
  });
});
