import { describe, expect, it } from 'vitest';
import type { CookOrder } from '../../graphql/orders';
import { groupBySlot, parisDay, prepOf } from './cook-day';

let n = 0;
const order = (start: string | null, over: Partial<CookOrder> = {}): CookOrder => ({
  order_id: `o${++n}`,
  consumer_id: 'c',
  consumer_name: `Client ${n}`,
  cook_id: 'k',
  total_cents: 1000,
  order_status: 'pending',
  pickup_start: start,
  pickup_end: start ? new Date(new Date(start).getTime() + 30 * 60_000).toISOString() : null,
  delivery_option: 'pickup',
  delivery_fee_cents: 0,
  discount_cents: 0,
  discount_name: null,
  discount_funder: null,
  delivery_address: null,
  cancel_reason: null,
  created_at: `2026-01-1${n % 10}T08:00:00.000Z`,
  updated_at: '2026-01-10T08:00:00.000Z',
  items: [{ order_item_id: `i${n}`, meal_id: 'm1', name: 'Tajine', quantity: 2, price_cents: 500 }],
  ...over,
});

describe("the cook's day", () => {
  it('takes the Paris date, not the UTC one', () => {
    expect(parisDay('2026-01-13T23:30:00.000Z')).toBe('2026-01-14');
    expect(parisDay('2026-06-16T21:59:00.000Z')).toBe('2026-06-16');
  });

  it('groups orders from today on by day and slot, in time order; the rest apart, newest first', () => {
    const now = new Date('2026-01-13T09:00:00.000Z'); // Tuesday 10:00 Paris
    const a = order('2026-01-13T17:30:00.000Z');
    const b = order('2026-01-13T17:00:00.000Z');
    const c = order('2026-01-13T17:00:00.000Z');
    const d = order('2026-01-14T11:00:00.000Z');
    const past = order('2026-01-12T17:00:00.000Z');
    const legacy = order(null);
    const { upcoming, earlier } = groupBySlot([a, b, c, d, past, legacy], now);
    expect(upcoming.map((g) => [g.day, g.slots.map((s) => [s.start, s.orders.map((o) => o.order_id)])])).toEqual([
      [
        '2026-01-13',
        [
          ['2026-01-13T17:00:00.000Z', [b.order_id, c.order_id]],
          ['2026-01-13T17:30:00.000Z', [a.order_id]],
        ],
      ],
      ['2026-01-14', [['2026-01-14T11:00:00.000Z', [d.order_id]]]],
    ]);
    expect(earlier.map((o) => o.order_id).sort()).toEqual([past.order_id, legacy.order_id].sort());
  });

  it('lists the deliveries of a time apart from its pick-ups, after them (ADR 0044)', () => {
    const now = new Date('2026-01-13T09:00:00.000Z');
    const start = '2026-01-13T17:00:00.000Z';
    const delivered = order(start, { delivery_option: 'delivery' });
    const picked = order(start);
    const { upcoming } = groupBySlot([delivered, picked], now);
    expect(upcoming[0]!.slots.map((s) => [s.mode, s.orders.map((o) => o.order_id)])).toEqual([
      ['pickup', [picked.order_id]],
      ['delivery', [delivered.order_id]],
    ]);
  });

  it('sums the portions per dish of a slot, without cancelled or picked-up orders', () => {
    const start = '2026-01-13T17:00:00.000Z';
    const slot = {
      start,
      end: '2026-01-13T17:30:00.000Z',
      mode: 'pickup' as const,
      orders: [
        order(start, { consumer_name: 'Claire' }),
        order(start, {
          consumer_name: 'Paul',
          items: [
            { order_item_id: 'x', meal_id: 'm1', name: 'Tajine', quantity: 1, price_cents: 500 },
            { order_item_id: 'y', meal_id: 'm2', name: 'Curry', quantity: 3, price_cents: 500 },
          ],
        }),
        order(start, { order_status: 'cancelled', consumer_name: 'Annulé' }),
        order(start, { order_status: 'delivered', consumer_name: 'Récupéré' }),
      ],
    };
    expect(prepOf(slot)).toEqual({
      dishes: [
        { name: 'Curry', portions: 3 },
        { name: 'Tajine', portions: 3 },
      ],
      buyers: ['Claire', 'Paul'],
    });
  });
});
