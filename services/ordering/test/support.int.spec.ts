import { randomBytes, randomUUID } from 'node:crypto';
import {
  OrderingRpc,
  SUPPORT_MESSAGES,
  SUPPORT_ORDERS_MAX,
  SupportRpc,
  type Actor,
  type CheckoutLine,
  type Envelope,
} from '@popote/contracts';
import { orderIdOf, trace, type RpcClient } from '@popote/platform';
import { eventually, expectDomainError, resetJetStream, serviceEnv, serviceUnderTest, type ServiceUnderTest } from '@popote/testing';
import { createConnection, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppModule } from '../src/app.module';
import { orderingConfig } from '../src/config';
import { OrdersService } from '../src/orders/orders.service';
import { SUPPORT_ORDERS_READ } from '../src/support/support.service';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const SLOT = { start: '2026-12-24T17:00:00.000Z', end: '2026-12-24T17:30:00.000Z' };
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

/**
 * The support console's reads of ordering: an order found by its number (as the buyer
 * reads it, or whole), by buyer or by cook, newest first and bounded; its story with each status at
 * its time; the trace it was created in. An order stored by an older version (no number, no steps)
 * gets its number from the migration at boot and tells its status without a time of its own.
 */
describe('ordering: the support console finds orders and tells their story', () => {
  const config = orderingConfig(serviceEnv('ordering', __filename));
  const older = { _id: hex(12), consumer: `old-buyer-${hex(4)}`, cook: `old-cook-${hex(4)}` };
  let db: Connection;
  let under: ServiceUnderTest;
  let rpc: RpcClient;
  let orders: OrdersService;

  /** A paid checkout of one cook's dish, as payments announces it: one order, created by ordering's own path. */
  async function place(consumerId: string, cookId: string): Promise<string> {
    const checkoutId = `checkout-${randomUUID()}`;
    const line: CheckoutLine = {
      meal_id: 'm1',
      cook_id: cookId,
      cook_name: 'amina_cuisine',
      name: 'Tajine',
      unit_price_cents: 1250,
      quantity: 2,
    };
    const envelope: Envelope<Parameters<OrdersService['placeFromCheckout']>[0]['data']> = {
      id: randomUUID(),
      type: 'evt.payments.payment-succeeded.v1',
      occurred_at: new Date().toISOString(),
      correlation_id: randomUUID(),
      causation_id: null,
      data: {
        checkout_id: checkoutId,
        consumer_id: consumerId,
        consumer_name: 'Claire',
        lines: [line],
        slots: [{ cook_id: cookId, ...SLOT }],
      },
    };
    const [id] = await orders.placeFromCheckout(envelope);
    expect(id).toBe(orderIdOf(checkoutId, cookId));
    return id!;
  }

  beforeAll(async () => {
    await resetJetStream();
    // As an older version stored it: no number, no steps, no trace; cancelled by its buyer.
    db = await createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
    await db.collection('orders').insertOne({
      _id: older._id,
      checkout_id: 'checkout-older',
      consumer_id: older.consumer,
      consumer_name: 'Jeanne',
      cook_id: older.cook,
      cook_name: 'mei_cuisine',
      total_cents: 1300,
      order_status: 'cancelled',
      delivery_option: 'pickup',
      items: [{ order_item_id: `${older._id}-1`, meal_id: 'm2', name: 'Couscous', quantity: 1, price_cents: 1300 }],
      pickup_start: null,
      pickup_end: null,
      cancel_reason: 'Annulée par le client',
      review_rating: null,
      stock_status: 'pending',
      created_at: new Date('2026-11-01T10:00:00Z'),
      updated_at: new Date('2026-11-01T10:05:00Z'),
      _outbox: [],
      _outbox_pending: false,
    } as never);
    ({ rpc } = under = await serviceUnderTest('ordering', AppModule.forRoot(config), config.NATS_URL));
    orders = under.app.get(OrdersService);
  });

  afterAll(async () => {
    await under?.close();
    await db?.close();
  });

  it('an older order gets its number at boot: found by it, and by its whole id, whatever the case; its status told without a time of its own', async () => {
    expect(await db.collection('orders').findOne({ _id: older._id } as never)).toMatchObject({ number: older._id.slice(-8) });
    for (const typed of [older._id.slice(-8), `Commande n° ${older._id.slice(-8).toUpperCase()}`, older._id]) {
      const { items, truncated } = await rpc.call(SupportRpc.findOrders, { order_number: typed });
      expect(items.map((o) => o.order_id)).toEqual([older._id]);
      expect(truncated).toBe(false);
      expect(items[0]).toMatchObject({ trace_id: null, order_status: 'cancelled', cancel_reason: 'Annulée par le client' });
    }
    const { order, entries } = await rpc.call(SupportRpc.orderingStory, { order_id: older._id });
    expect(order?.order_id).toBe(older._id);
    expect(entries.map((e) => [e.kind, e.at])).toEqual([
      ['order.placed', '2026-11-01T10:00:00.000Z'],
      ['order.cancelled', '2026-11-01T10:05:00.000Z'],
    ]);
    expect(entries[1]!.detail).toMatch(/n’étaient pas encore enregistrées · Annulée par le client$/);
  });

  it('a new order keeps its number, the trace it was created in, and each status at its time', async () => {
    const buyer: Actor = { user_id: `buyer-${hex(4)}`, user_type: 'consumer' };
    const cook: Actor = { user_id: `cook-${hex(4)}`, user_type: 'cook' };
    // The payment's delivery runs in the checkout's trace (telemetry is off in tests: its span is given).
    const span = vi
      .spyOn(trace, 'getActiveSpan')
      .mockReturnValue(trace.wrapSpanContext({ traceId: TRACE, spanId: '00f067aa0ba902b7', traceFlags: 1 }));
    let id: string;
    try {
      id = await place(buyer.user_id, cook.user_id);
    } finally {
      span.mockRestore();
    }
    const before = Date.now();
    await rpc.call(OrderingRpc.changeStatus, { actor: cook, order_id: id, to: 'confirmed' });
    await rpc.call(OrderingRpc.changeStatus, { actor: cook, order_id: id, to: 'preparing' });
    await rpc.call(OrderingRpc.cancelOrder, { actor: cook, order_id: id, reason: 'Four en panne' });

    const { items } = await rpc.call(SupportRpc.findOrders, { order_number: id.slice(-8) });
    expect(items.map((o) => [o.order_id, o.trace_id])).toEqual([[id, TRACE]]);
    const { order, entries } = await rpc.call(SupportRpc.orderingStory, { order_id: id });
    expect(order).toMatchObject({ order_id: id, order_status: 'cancelled', trace_id: TRACE, pickup_start: SLOT.start });
    expect(entries.map((e) => [e.service, e.kind, e.label])).toEqual([
      ['ordering', 'order.placed', 'Commande passée'],
      ['ordering', 'order.slot', 'Créneau de retrait choisi'],
      ['ordering', 'order.confirmed', 'Confirmée par le cuisinier'],
      ['ordering', 'order.preparing', 'En préparation'],
      ['ordering', 'order.cancelled', 'Annulée par le cuisinier'],
    ]);
    expect(entries.at(-1)!.detail).toBe('Four en panne');
    for (const e of entries.slice(2)) expect(Date.parse(e.at)).toBeGreaterThanOrEqual(before - 1000);
    // The steps are in the order document (written with each change, no other write).
    const stored = await db.collection('orders').findOne({ _id: id } as never);
    expect(stored?.history.map((s: { status: string; by?: string }) => [s.status, s.by ?? null])).toEqual([
      ['confirmed', null],
      ['preparing', null],
      ['cancelled', 'cook'],
    ]);
  });

  it('by buyer or by cook: newest first, at most SUPPORT_ORDERS_MAX, truncated past what one search reads', async () => {
    const buyer = `buyer-${hex(4)}`;
    const cook = `cook-${hex(4)}`;
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) placed.push(await place(buyer, cook));
    // Their creation times, spread (placed within the same millisecond otherwise) — once the outbox's
    // relay has written each order for the last time: FerretDB writes whole documents, so a relay's
    // write computed before this one would put the old time back.
    await eventually(async () =>
      (await db.collection('orders').countDocuments({ _id: { $in: placed }, _outbox_pending: true } as never)) === 0 ? true : undefined,
    );
    for (const [i, id] of placed.entries())
      await db
        .collection('orders')
        .updateOne({ _id: id } as never, { $set: { created_at: new Date(Date.parse('2026-12-01T09:00:00Z') + i * 60_000) } });
    const byBuyer = await rpc.call(SupportRpc.findOrders, { consumer_id: buyer });
    expect(byBuyer).toMatchObject({ truncated: false });
    expect(byBuyer.items.map((o) => o.order_id)).toEqual([...placed].reverse());
    expect((await rpc.call(SupportRpc.findOrders, { cook_id: cook })).items.map((o) => o.order_id)).toEqual([...placed].reverse());
    expect((await rpc.call(SupportRpc.findOrders, { cook_id: `nobody-${hex(4)}` })).items).toEqual([]);

    // A cook with more orders than one search reads: the newest SUPPORT_ORDERS_MAX of those read, and `truncated`.
    const busy = `busy-cook-${hex(4)}`;
    const many = Array.from({ length: SUPPORT_ORDERS_READ + 1 }, (_, i) => ({
      _id: hex(12),
      checkout_id: `checkout-${i}`,
      consumer_id: buyer,
      consumer_name: '',
      cook_id: busy,
      cook_name: 'busy',
      total_cents: 100,
      order_status: 'delivered',
      delivery_option: 'pickup',
      items: [],
      pickup_start: null,
      pickup_end: null,
      cancel_reason: null,
      review_rating: null,
      stock_status: 'pending',
      created_at: new Date(Date.parse('2026-10-01T00:00:00Z') + i * 60_000),
      updated_at: new Date(),
    }));
    await db.collection('orders').insertMany(many as never[]);
    const byBusy = await rpc.call(SupportRpc.findOrders, { cook_id: busy });
    expect(byBusy.truncated).toBe(true);
    expect(byBusy.items).toHaveLength(SUPPORT_ORDERS_MAX);
    const times = byBusy.items.map((o) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a search by no criterion or by two, and an order number of no possible shape, in French; an unknown order has no story', async () => {
    for (const request of [{}, { consumer_id: 'a', cook_id: 'b' }]) {
      const err = await expectDomainError(rpc.call(SupportRpc.findOrders, request));
      expect(err).toMatchObject({ code: 'VALIDATION_FAILED', fields: { _: SUPPORT_MESSAGES.oneCriterion } });
    }
    const wrong = await expectDomainError(rpc.call(SupportRpc.findOrders, { order_number: 'commande 12' }));
    expect(wrong.fields).toEqual({ order_number: SUPPORT_MESSAGES.orderNumberInvalid });
    expect(await rpc.call(SupportRpc.findOrders, { order_number: hex(4) })).toEqual({ items: [], truncated: false });
    expect(await rpc.call(SupportRpc.orderingStory, { order_id: hex(12) })).toEqual({ order: null, entries: [] });
  });
});
