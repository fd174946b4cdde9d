import { formatPickupSlot } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import type { Order, OrderStep } from '../orders/order.schema';
import {
  CANCELLED_BY_LABELS,
  CLOSED_AS_DELIVERED,
  newestFirst,
  orderingStory,
  searchOf,
  STEP_LABELS,
  toSupportOrder,
  UNTIMED_STATUS,
} from './story';

const ID = 'a3f1c9e07b2d4e6f8a9b0c1d';
const t = (minutes: number) => new Date(Date.parse('2026-12-01T09:00:00Z') + minutes * 60_000);
const SLOT = { start: new Date('2026-12-01T17:00:00Z'), end: new Date('2026-12-01T17:30:00Z') };
const LATER = { start: new Date('2026-12-02T17:00:00Z'), end: new Date('2026-12-02T17:30:00Z') };

const order = (over: Partial<Order> = {}): Order =>
  ({
    _id: ID,
    number: ID.slice(-8),
    trace_id: null,
    checkout_id: 'c1',
    consumer_id: 'buyer',
    consumer_name: 'Claire',
    cook_id: 'cook',
    cook_name: 'amina_cuisine',
    total_cents: 3800,
    order_status: 'pending',
    delivery_option: 'pickup',
    items: [
      { order_item_id: `${ID}-1`, meal_id: 'm1', name: 'Tajine', quantity: 2, price_cents: 1250 },
      { order_item_id: `${ID}-2`, meal_id: 'm2', name: 'Couscous', quantity: 1, price_cents: 1300 },
    ],
    pickup_start: SLOT.start,
    pickup_end: SLOT.end,
    reminder_sent_at: null,
    reminder_pending: true,
    cancel_reason: null,
    review_rating: null,
    stock_status: 'pending',
    history: [],
    created_at: t(0),
    updated_at: t(0),
    _outbox: [],
    _outbox_pending: false,
    ...over,
  }) as Order;
const kinds = (o: Order, review: Parameters<typeof orderingStory>[1] = null) => orderingStory(o, review).map((e) => [e.kind, e.label]);

describe("ordering's part of an order's story", () => {
  it('searches by the one criterion given: 8 characters by number, a whole id by id, or the buyer, or the cook', () => {
    expect(searchOf({ order_number: '8a9b0c1d' })).toEqual({ by: 'number', value: '8a9b0c1d' });
    expect(searchOf({ order_number: ID })).toEqual({ by: 'id', value: ID });
    expect(searchOf({ consumer_id: 'buyer' })).toEqual({ by: 'consumer', value: 'buyer' });
    expect(searchOf({ cook_id: 'cook' })).toEqual({ by: 'cook', value: 'cook' });
  });

  it('lists the newest first (equal times by id), at most as many as asked', () => {
    const docs = [
      { _id: 'a', created_at: t(1) },
      { _id: 'b', created_at: t(3) },
      { _id: 'c', created_at: t(2) },
      { _id: 'd', created_at: t(3) },
    ];
    expect(newestFirst(docs, 3).map((d) => d._id)).toEqual(['d', 'b', 'c']);
    expect(docs.map((d) => d._id)).toEqual(['a', 'b', 'c', 'd']); // the read is left as it was
  });

  it('gives the order its trace (null before it was kept)', () => {
    expect(toSupportOrder(order({ trace_id: '4bf92f3577b34da6a3ce929d0e0e4736' }))).toMatchObject({
      order_id: ID,
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    expect(toSupportOrder({ ...order(), trace_id: undefined } as unknown as Order).trace_id).toBeNull();
  });

  it('tells the order placed in its slot, each status at its time, a moved slot, the reminder and the review, oldest first', () => {
    const history: OrderStep[] = [
      { status: 'confirmed', at: t(5) },
      { status: 'slot_moved', at: t(6), from: SLOT, to: LATER },
      { status: 'preparing', at: t(30) },
      { status: 'ready', at: t(60) },
      { status: 'delivered', at: t(90) },
    ];
    const o = order({ order_status: 'delivered', history, pickup_start: LATER.start, pickup_end: LATER.end, reminder_sent_at: t(20) });
    const story = orderingStory(o, { rating: 4, comment: 'Délicieux', created_at: t(120), removed_at: t(200) });
    expect(story.map((e) => [e.kind, e.label])).toEqual([
      ['order.placed', 'Commande passée'],
      ['order.slot', 'Créneau de retrait choisi'],
      ['order.confirmed', STEP_LABELS.confirmed],
      ['order.slot_moved', 'Créneau déplacé par le cuisinier'],
      ['order.reminder', 'Rappel de retrait déclenché (une heure avant le créneau)'],
      ['order.preparing', STEP_LABELS.preparing],
      ['order.ready', STEP_LABELS.ready],
      ['order.delivered', STEP_LABELS.delivered],
      ['order.reviewed', 'Avis laissé : 4/5'],
      ['review.removed', 'Avis retiré par une décision de modération'],
    ]);
    expect(story[0]).toEqual({
      at: t(0).toISOString(),
      service: 'ordering',
      kind: 'order.placed',
      label: 'Commande passée',
      detail: '2 × Tajine, 1 × Couscous · 38,00 €',
      email_id: null,
    });
    const slot = (s: typeof SLOT) => formatPickupSlot(s.start.toISOString(), s.end.toISOString());
    // The slot chosen is the one the first move left, not the order's slot now.
    expect(story[1]!.detail).toBe(slot(SLOT));
    expect(story[3]!.detail).toBe(`${slot(SLOT)} → ${slot(LATER)}`);
    expect(story[8]!.detail).toBe('Délicieux');
  });

  it('says who cancelled and why; the platform closing an order as picked up says so', () => {
    const cancelled = order({
      order_status: 'cancelled',
      cancel_reason: 'Four en panne',
      history: [{ status: 'cancelled', at: t(3), by: 'cook' }],
    });
    const last = orderingStory(cancelled, null).at(-1)!;
    expect([last.kind, last.label, last.detail]).toEqual(['order.cancelled', CANCELLED_BY_LABELS.cook, 'Four en panne']);
    const closed = order({ order_status: 'delivered', history: [{ status: 'delivered', at: t(3), by: 'platform' }] });
    expect(kinds(closed).at(-1)).toEqual(['order.delivered', CLOSED_AS_DELIVERED]);
  });

  it('an order placed before its steps were kept tells its status at its last change, and says the time is not its own', () => {
    const old = order({ order_status: 'cancelled', cancel_reason: 'Annulée par le client', updated_at: t(8), history: undefined });
    const last = orderingStory(old, null).at(-1)!;
    expect(last).toMatchObject({ at: t(8).toISOString(), kind: 'order.cancelled', detail: `${UNTIMED_STATUS} · Annulée par le client` });
    // A pending order without steps, or without a slot: placed, and nothing made up.
    expect(kinds(order({ pickup_start: null, pickup_end: null }))).toEqual([['order.placed', 'Commande passée']]);
  });
});
