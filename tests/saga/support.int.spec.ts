import { randomUUID } from 'node:crypto';
import {
  OrderingRpc,
  PaymentsEvents,
  PaymentsSupportRpc,
  PayoutsRpc,
  ReceiptsRpc,
  SUPPORT_REFUND_MESSAGES,
  type Actor,
} from '@popote/contracts';
import { eventsMatching, expectDomainError, eventually } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntryDoc } from './documents';
import { consumer, cook, startStack, type Stack } from './stack';

/**
 * Support's refund of an order (ADR 0043), on the real services with payments twice (two replicas on
 * one database, the RPC shared by their queue group): a picked-up order refunded in part exactly once
 * under concurrent and retried requests — one refund stored, one refund-issued event, one pair of
 * ledger entries with the commission on the refunded part given back, the receipt saying so — and
 * every refusal leaving nothing written.
 */
describe('support refunds: a part of a picked-up order, exactly once under replicas and retries', () => {
  let s: Stack;
  const chef = cook('cook-support-refund');
  const buyer = consumer();
  const entries = () => s.db('payments').collection<LedgerEntryDoc>('ledgerEntries');
  const available = async () => (await s.rpc.call(PayoutsRpc.overview, { actor: chef })).available_cents;
  const pickUp = async (orderId: string, by: Actor = chef) => {
    for (const to of ['confirmed', 'preparing', 'ready', 'delivered'] as const)
      await s.rpc.call(OrderingRpc.changeStatus, { actor: by, order_id: orderId, to });
  };

  beforeAll(async () => {
    s = await startStack(__filename);
    await s.startPaymentsReplica();
  });

  afterAll(async () => {
    await s?.stop();
  });

  it('refuses an open order, an amount over the total and a missing reason, writing nothing', async () => {
    const meal = await s.newMeal(chef.user_id, 10, 1000);
    const order = await s.buy(buyer, meal, 1);
    const ask = (amount_cents: number, reason = 'Plat froid à la remise') =>
      s.rpc.call(PaymentsSupportRpc.refund, { operator_id: 'op-1', request_id: randomUUID(), order_id: order._id, amount_cents, reason });
    expect((await expectDomainError(ask(500))).message).toBe(SUPPORT_REFUND_MESSAGES.pickedUpOnly);
    await pickUp(order._id);
    expect((await expectDomainError(ask(1001))).message).toBe(SUPPORT_REFUND_MESSAGES.overTotal('10,00 €'));
    // Refused by the contract, field by field, in French.
    expect((await expectDomainError(ask(0))).fields).toEqual({ amount_cents: SUPPORT_REFUND_MESSAGES.amountInvalid });
    expect((await expectDomainError(ask(100, ' '))).fields).toEqual({ reason: SUPPORT_REFUND_MESSAGES.reasonRequired });
    expect(await s.refunds.countDocuments({ _id: order._id })).toBe(0);
    expect(await entries().countDocuments({ order_id: order._id, kind: 'refund' })).toBe(0);
  });

  it('six euros of 25,98 €: one refund whatever the requests, the ledger and the receipt exact to the cent', async () => {
    // 2 × 12,99 € = 25,98 €: commission 15 % = 390 c, cook 2208 c.
    const meal = await s.newMeal(chef.user_id, 10, 1299);
    const order = await s.buy(buyer, meal, 2);
    await pickUp(order._id);
    // The balance once the release is written (counted first: a balance read before it would miss it).
    const before = await eventually(async () => {
      if ((await entries().countDocuments({ order_id: order._id, kind: 'release' })) !== 1) return undefined;
      return available();
    }, 20_000);

    // One operator's request sent five times at once (a double click, a retry), and two other
    // requests (another operator, another amount) racing it, spread over the two replicas.
    const request_id = randomUUID();
    const same = { operator_id: 'op-a', request_id, order_id: order._id, amount_cents: 600, reason: 'Une part manquante' };
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, () => s.rpc.call(PaymentsSupportRpc.refund, same)),
      s.rpc.call(PaymentsSupportRpc.refund, { ...same, operator_id: 'op-b', request_id: randomUUID(), amount_cents: 2598 }),
      s.rpc.call(PaymentsSupportRpc.refund, { ...same, operator_id: 'op-b', request_id: randomUUID(), amount_cents: 100 }),
    ]);
    const refunds = await s.refunds.find({ _id: order._id }).toArray();
    expect(refunds).toHaveLength(1);
    const [refund] = refunds;
    const winner = refund!.request_id;
    // Whichever request recorded it first is the refund; every call of that request answers it, the others are refused.
    results.forEach((r, i) => {
      const mine = i < 5 ? request_id : undefined;
      if (r.status === 'fulfilled') {
        expect(r.value.refund).toMatchObject({
          order_id: order._id,
          amount_cents: refund!.amount_cents,
          origin: 'support',
          status: 'made',
        });
        if (mine) expect(winner).toBe(request_id);
      } else
        expect((r.reason as Error).message).toBe(
          SUPPORT_REFUND_MESSAGES.alreadyRefunded(`${(refund!.amount_cents / 100).toFixed(2).replace('.', ',')} €`),
        );
    });
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(refund).toMatchObject({ status: 'made', origin: 'support' });

    // The same request again (the console retried after a lost answer): the same refund, nothing more.
    if (winner === request_id) expect((await s.rpc.call(PaymentsSupportRpc.refund, same)).refund.amount_cents).toBe(600);
    const amount = refund!.amount_cents;
    // Commission given back: commission(total) − commission(total − refunded), so the cook keeps the share of what was kept.
    const kept = 2598 - amount;
    const keptCommission = Math.floor((kept * 1500 + 5000) / 10000);
    const back = 390 - keptCommission;
    const lines = await entries()
      .find({ order_id: order._id, kind: { $in: ['refund', 'commission_reversal'] } })
      .toArray();
    expect(lines.map((e) => [e.kind, e.pending_cents, e.available_cents]).sort()).toEqual(
      [
        ['commission_reversal', 0, back],
        ['refund', 0, -amount],
      ].sort(),
    );
    expect(await available()).toBe(before - amount + back);
    // One refund-issued event, for the amount refunded.
    const issued = () =>
      eventsMatching<{ order_id: string; amount_cents: number }>(PaymentsEvents.refundIssued.subject, (e) => e.data.order_id === order._id);
    await eventually(async () => ((await issued()).length > 0 ? true : undefined), 20_000);
    expect((await issued()).map((e) => e.data.amount_cents)).toEqual([amount]);
    // The receipt says what was refunded; the cook cannot refund it a second time.
    const { receipt } = await s.rpc.call(ReceiptsRpc.get, { actor: buyer, order_id: order._id });
    expect(receipt).toMatchObject({ refunded_cents: amount, total_cents: 2598 });
    expect(receipt.refunded_at).not.toBeNull();
    await expectDomainError(s.rpc.call(PayoutsRpc.refundDeliveredOrder, { actor: chef, order_id: order._id }));
    expect(await entries().countDocuments({ order_id: order._id, kind: 'refund' })).toBe(1);

    // The order's payments story tells it.
    const story = await s.rpc.call(PaymentsSupportRpc.orderStory, { order_id: order._id, checkout_id: order.checkout_id });
    expect(story.refund).toMatchObject({ amount_cents: amount, origin: 'support', status: 'made' });
    expect(story.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['checkout.created', 'payment.succeeded', 'receipt.issued', 'refund.made']),
    );
    expect(story.receipt_number).toMatch(/^R-/);
  });

  it('lists the payouts that failed — refused by the provider or failed at the bank — newest first, not the paid ones', async () => {
    const payouts = s.db('payments').collection<Record<string, unknown>>('payouts');
    const at = (min: number) => new Date(Date.now() - min * 60_000);
    const base = {
      cook_id: chef.user_id,
      account_id: 'acct_sbx_support',
      trigger: 'manual',
      transfer_id: null,
      reversed_cents: 0,
      bank_failed: false,
      bank_failure: null,
      failure_reason: null,
    };
    await payouts.insertMany([
      {
        ...base,
        _id: 'po-support-refused',
        amount_cents: 1200,
        status: 'failed',
        failure_reason: 'Compte fermé',
        created_at: at(30),
        updated_at: at(30),
      },
      {
        ...base,
        _id: 'po-support-bank',
        amount_cents: 800,
        status: 'paid',
        transfer_id: 'tr_1',
        bank_failed: true,
        bank_failure: { provider_payout_id: 'po_1', message: 'IBAN invalide', code: 'invalid_account_number', at: at(5) },
        created_at: at(20),
        updated_at: at(5),
      },
      { ...base, _id: 'po-support-paid', amount_cents: 500, status: 'paid', transfer_id: 'tr_2', created_at: at(1), updated_at: at(1) },
    ]);
    const { items } = await s.rpc.call(PaymentsSupportRpc.failedPayouts, {});
    const mine = items.filter((p) => p.payout_id.startsWith('po-support-'));
    expect(mine.map((p) => [p.payout_id, p.failure, p.bank_failure_message ?? p.failure_reason])).toEqual([
      ['po-support-bank', 'bank', 'IBAN invalide'],
      ['po-support-refused', 'refused', 'Compte fermé'],
    ]);
  });
});
