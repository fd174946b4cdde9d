import { DomainError, ORDER_MESSAGES, ORDER_STATUS_LABELS, ORDER_STATUSES, OrderingEvents, type OrderStatus } from '@popote/contracts';
import { describe, expect, it } from 'vitest';
import { cancelOrder, cancelRefused, CONSUMER_CANCEL_REASON, decideCancellation, type CancellableOrder } from './cancellation';

const order = (order_status: OrderStatus, stock_status: CancellableOrder['stock_status'] = 'pending'): CancellableOrder => ({
  _id: 'o1',
  checkout_id: 'c1',
  consumer_id: 'buyer',
  cook_id: 'cook',
  total_cents: 2400,
  order_status,
  stock_status,
  items: [{ order_item_id: 'o1-1', meal_id: 'm1', name: 'Tajine', quantity: 2, price_cents: 1200 }],
  cancel_reason: null,
  _outbox: [],
  _outbox_pending: false,
});
const OPEN: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready'];

describe('order cancellation (one rule for the cook, the buyer and the catalogue)', () => {
  it('the cook cancels until delivery, saying why (trimmed); never a cancelled or delivered order', () => {
    for (const from of OPEN)
      expect(decideCancellation({ order_status: from }, { by: 'cook', reason: '  Four en panne ' })).toEqual({
        from,
        refusal: null,
        cancel_reason: 'Four en panne',
      });
    expect(decideCancellation({ order_status: 'confirmed' }, { by: 'cook', reason: '   ' })).toEqual({
      from: 'confirmed',
      refusal: 'reason_required',
    });
    for (const from of ['cancelled', 'delivered'] as const)
      expect(decideCancellation({ order_status: from }, { by: 'cook', reason: 'x' })).toEqual({ from, refusal: 'closed' });
  });

  it('the buyer cancels only while pending, with or without a reason', () => {
    expect(decideCancellation({ order_status: 'pending' }, { by: 'consumer', reason: '' })).toEqual({
      from: 'pending',
      refusal: null,
      cancel_reason: CONSUMER_CANCEL_REASON,
    });
    expect(decideCancellation({ order_status: 'pending' }, { by: 'consumer', reason: ' Erreur de date ' })).toMatchObject({
      cancel_reason: 'Erreur de date',
    });
    for (const from of ['confirmed', 'preparing', 'ready'] as const)
      expect(decideCancellation({ order_status: from }, { by: 'consumer', reason: '' })).toEqual({
        from,
        refusal: 'consumer_after_pending',
      });
    for (const from of ['cancelled', 'delivered'] as const)
      expect(decideCancellation({ order_status: from }, { by: 'consumer', reason: '' })).toEqual({ from, refusal: 'closed' });
  });

  it('the catalogue’s refusal cancels any order not cancelled yet, saying whether the slot or the dish was missing', () => {
    for (const from of ORDER_STATUSES.filter((s) => s !== 'cancelled'))
      expect(decideCancellation({ order_status: from }, { by: 'catalogue', reason: 'slot_full' })).toEqual({
        from,
        refusal: null,
        cancel_reason: ORDER_MESSAGES.slotUnavailable,
      });
    for (const reason of ['insufficient_stock', 'meal_not_found', undefined])
      expect(decideCancellation({ order_status: 'pending' }, { by: 'catalogue', reason })).toMatchObject({
        cancel_reason: ORDER_MESSAGES.stockUnavailable,
      });
    expect(decideCancellation({ order_status: 'cancelled' }, { by: 'catalogue', reason: 'slot_full' })).toEqual({
      from: 'cancelled',
      refusal: 'closed',
    });
  });

  it('a cancelled order records the status change and the order-cancelled that refunds it and gives the stock back', () => {
    const o = order('confirmed');
    expect(cancelOrder(o, { by: 'cook', reason: 'Four en panne' }, { correlation_id: 'corr', causation_id: 'cause' })).toBeNull();
    expect(o).toMatchObject({ order_status: 'cancelled', cancel_reason: 'Four en panne', _outbox_pending: true });
    expect(o._outbox.map((e) => e.envelope.type)).toEqual([
      OrderingEvents.orderStatusChanged.subject,
      OrderingEvents.orderCancelled.subject,
    ]);
    expect(o._outbox[0].envelope).toMatchObject({
      correlation_id: 'corr',
      causation_id: 'cause',
      data: { order_id: 'o1', consumer_id: 'buyer', cook_id: 'cook', from: 'confirmed', to: 'cancelled' },
    });
    expect(o._outbox[1].envelope).toMatchObject({
      correlation_id: 'corr',
      data: {
        order_id: 'o1',
        checkout_id: 'c1',
        consumer_id: 'buyer',
        cook_id: 'cook',
        total_cents: 2400,
        reason: 'Four en panne',
        items: [{ meal_id: 'm1', name: 'Tajine', quantity: 2, price_cents: 1200 }],
      },
    });
    // Whether the stock was taken is the catalogue's own record (checkout v3): the event no longer says it.
    expect(o._outbox[1].envelope.data).not.toHaveProperty('stock_committed');
    const early = order('pending', 'pending');
    cancelOrder(early, { by: 'catalogue', reason: 'insufficient_stock' });
    expect(early._outbox[1].envelope.data).toMatchObject({ reason: ORDER_MESSAGES.stockUnavailable });
  });

  it('a refused cancellation changes nothing', () => {
    for (const [o, request] of [
      [order('delivered'), { by: 'cook', reason: 'x' }],
      [order('confirmed'), { by: 'consumer', reason: '' }],
      [order('pending'), { by: 'cook', reason: '' }],
      [order('cancelled'), { by: 'catalogue', reason: 'slot_full' }],
    ] as const) {
      const before = structuredClone(o);
      expect(cancelOrder(o, request)).not.toBeNull();
      expect(o).toEqual(before);
    }
  });

  it('a refusal reaches the person as its code and the same French as before, chosen from the refusal', () => {
    const payload = (e: DomainError) => ({ code: e.code, message: e.message, fields: e.fields });
    expect(cancelRefused('closed', 'delivered')).toBeInstanceOf(DomainError);
    expect(payload(cancelRefused('closed', 'delivered'))).toEqual({
      code: 'CONFLICT',
      message: ORDER_MESSAGES.illegal(ORDER_STATUS_LABELS.delivered),
      fields: undefined,
    });
    expect(payload(cancelRefused('consumer_after_pending', 'confirmed'))).toEqual({
      code: 'CONFLICT',
      message: ORDER_MESSAGES.consumerCancelPendingOnly,
      fields: undefined,
    });
    expect(payload(cancelRefused('reason_required', 'pending'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: ORDER_MESSAGES.reasonRequired,
      fields: { reason: ORDER_MESSAGES.reasonRequired },
    });
  });
});
