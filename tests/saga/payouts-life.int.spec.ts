import { inflateSync } from 'node:zlib';
import { jetstream } from '@nats-io/jetstream';
import {
  ACCOUNT_MESSAGES,
  ERASED_NAME,
  erasureBlockersRpc,
  exportPersonalDataRpc,
  IdentityRpc,
  OrderingEvents,
  OrderingRpc,
  PAYOUT_MESSAGES,
  PayoutsRpc,
  formatPickupSlot,
  ReceiptsRpc,
  RECEIPT_MESSAGES,
  subjectOf,
  type Actor,
  type Envelope,
  type EventContract,
} from '@popote/contracts';
import { eventually, expectDomainError, findEvent, testNats } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntryDoc, PayoutDoc, ReceiptDoc } from './documents';
import { consumer, cook, startStack, type Stack } from './stack';

/**
 * The text a PDF shows, its lines joined by spaces (pdfkit: Flate-compressed page streams, strings
 * as hex in TJ arrays, WinAnsi-encoded; a long sentence wraps). Enough to check what a receipt says.
 */
function pdfText(base64: string): string {
  const raw = Buffer.from(base64, 'base64').toString('latin1');
  const lines: string[] = [];
  // Each stream's bytes by its dictionary's /Length (compressed bytes may end with \r or \n themselves).
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, start + Number(m[1])), 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g))
      lines.push(
        [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => new TextDecoder('windows-1252').decode(Buffer.from(h[1], 'hex'))).join(''),
      );
  }
  // A line wrapped by the layout ends with its space: words are compared, not the PDF's spacing.
  return lines.join(' ').replace(/\s+/g, ' ');
}

/**
 * A cook's whole money life on the real event path (sandbox provider, 15 % commission):
 * pay → picked up → payout → refund after the payout → the next payouts net it, with exact cents.
 */
describe('payouts: the full life of a cook’s money (ledger, commission, payouts, refund after payout)', () => {
  let s: Stack;
  const chef = cook('cook-payout-life');
  const buyer = consumer();
  const RETURN = 'http://127.0.0.1:3000/cook/dashboard?onglet=paiements';
  // Payments' stored ledger, payouts and receipts, raw (collections by name).
  const entries = () => s.db('payments').collection<LedgerEntryDoc>('ledgerEntries');
  const payouts = () => s.db('payments').collection<PayoutDoc>('payouts');
  const receipts = () => s.db('payments').collection<ReceiptDoc>('receipts');

  /** A cook's two balances, as their payouts page shows them. */
  const balancesOf = async (who: Actor) => {
    const { pending_cents, available_cents } = await s.rpc.call(PayoutsRpc.overview, { actor: who });
    return { pending_cents, available_cents };
  };
  const balances = () => balancesOf(chef);
  const pickUp = async (orderId: string, by: Actor = chef) => {
    const steps = ['confirmed', 'preparing', 'ready', 'delivered'] as const;
    // From where the order stands (a test before may have confirmed it).
    const status = (await s.orders.findOne({ _id: orderId }, { projection: { order_status: 1 } }))?.order_status;
    for (const to of steps.slice(steps.indexOf(status as (typeof steps)[number]) + 1))
      await s.rpc.call(OrderingRpc.changeStatus, { actor: by, order_id: orderId, to });
  };
  const waitFor = (expected: { pending_cents: number; available_cents: number }) =>
    eventually(async () => {
      const b = await balances();
      return b.pending_cents === expected.pending_cents && b.available_cents === expected.available_cents ? b : undefined;
    }, 20_000);
  const buy = async (actor: Actor, meal: string, quantity: number) => s.buy(actor, meal, quantity);

  beforeAll(async () => {
    s = await startStack(__filename);
  });

  afterAll(async () => {
    await s?.stop();
  });

  it('refuses a payout without a connected account, then connects through the sandbox (pending → enabled)', async () => {
    const none = await expectDomainError(s.rpc.call(PayoutsRpc.requestPayout, { actor: chef }));
    expect(none.message).toBe(PAYOUT_MESSAGES.noAccount);
    const { url, account } = await s.rpc.call(PayoutsRpc.connect, { actor: chef, return_url: RETURN });
    expect(account).toMatchObject({ status: 'pending', provider: 'sandbox' });
    expect(url).toBe(`${RETURN}&inscription=bac-a-sable`);
    expect((await expectDomainError(s.rpc.call(PayoutsRpc.requestPayout, { actor: chef }))).message).toBe(PAYOUT_MESSAGES.accountPending);
    // Connecting twice keeps the same account.
    expect((await s.rpc.call(PayoutsRpc.connect, { actor: chef, return_url: RETURN })).account.account_id).toBe(account.account_id);
    expect((await s.rpc.call(PayoutsRpc.completeSandboxOnboarding, { actor: chef })).account.status).toBe('enabled');
    expect((await expectDomainError(s.rpc.call(PayoutsRpc.overview, { actor: buyer }))).code).toBe('FORBIDDEN');
    expect(await payouts().countDocuments()).toBe(0);
  });

  it('pay → picked up → payout → refund after payout → the next payouts net it, to the cent', async () => {
    // 2 × 12,99 € = 25,98 €: commission 15 % = 389,7 c → 390 c (half up), cook 2208 c.
    const meal = await s.newMeal(chef.user_id, 20, 1299);
    const first = await buy(buyer, meal, 2);
    await waitFor({ pending_cents: 2208, available_cents: 0 });
    expect((await expectDomainError(s.rpc.call(PayoutsRpc.requestPayout, { actor: chef }))).message).toBe(PAYOUT_MESSAGES.nothingAvailable);

    await pickUp(first._id);
    await waitFor({ pending_cents: 0, available_cents: 2208 });

    // More than the balance: refused, nothing written.
    const before = await entries().countDocuments({ cook_id: chef.user_id });
    const over = await expectDomainError(s.rpc.call(PayoutsRpc.requestPayout, { actor: chef, amount_cents: 2209 }));
    expect(over.message).toBe('Le montant demandé dépasse votre solde disponible (22,08 €).');
    expect(await entries().countDocuments({ cook_id: chef.user_id })).toBe(before);
    expect(await payouts().countDocuments()).toBe(0);

    const { payout } = await s.rpc.call(PayoutsRpc.requestPayout, { actor: chef });
    expect(payout).toMatchObject({ amount_cents: 2208, status: 'paid', trigger: 'manual' });
    expect(payout.transfer_id).toMatch(/^tr_sbx_/);
    expect(await balances()).toEqual({ pending_cents: 0, available_cents: 0 });

    // The consumer is refunded the whole 25,98 € after the payout: the cook owes back 22,08 € (carried).
    const refund = await s.rpc.call(PayoutsRpc.refundDeliveredOrder, { actor: chef, order_id: first._id });
    expect(refund.amount_cents).toBe(2598);
    expect((await s.rpc.call(ReceiptsRpc.get, { actor: buyer, order_id: first._id })).receipt.refunded_at).not.toBeNull();
    expect((await s.refunds.findOne({ _id: first._id }))?.status).toBe('made');
    expect(await balances()).toEqual({ pending_cents: 0, available_cents: -2208 });
    // Asking again refunds nothing more.
    await s.rpc.call(PayoutsRpc.refundDeliveredOrder, { actor: chef, order_id: first._id });
    expect(await balances()).toEqual({ pending_cents: 0, available_cents: -2208 });

    // 10,00 €: commission 150 c, cook 850 c → still −13,58 €: no payout.
    const meal10 = await s.newMeal(chef.user_id, 5, 1000);
    const meal30 = await s.newMeal(chef.user_id, 5, 3000);
    const second = await buy(buyer, meal10, 1);
    await pickUp(second._id);
    await waitFor({ pending_cents: 0, available_cents: -1358 });
    expect((await expectDomainError(s.rpc.call(PayoutsRpc.requestPayout, { actor: chef }))).message).toBe(PAYOUT_MESSAGES.nothingAvailable);

    // 30,00 €: commission 450 c, cook 2550 c → 11,92 € available, paid out.
    const third = await buy(buyer, meal30, 1);
    await pickUp(third._id);
    await waitFor({ pending_cents: 0, available_cents: 1192 });
    expect((await s.rpc.call(PayoutsRpc.requestPayout, { actor: chef })).payout.amount_cents).toBe(1192);

    // Paid out in all: 2208 + 1192 = 3400 = the cook's shares (2208 + 850 + 2550) − the refunded share (2208).
    const all = await payouts().find({ cook_id: chef.user_id, status: 'paid' }).toArray();
    expect(all.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(3400);
    expect(await balances()).toEqual({ pending_cents: 0, available_cents: 0 });
  });

  it('a cancellation before pick-up reverses the sale and its commission', async () => {
    const meal = await s.newMeal(chef.user_id, 5, 500);
    const order = await buy(buyer, meal, 1);
    await waitFor({ pending_cents: 425, available_cents: 0 });
    await s.rpc.call(OrderingRpc.cancelOrder, { actor: chef, order_id: order._id, reason: 'Plus de pain' });
    await waitFor({ pending_cents: 0, available_cents: 0 });
    const kinds = (await entries().find({ order_id: order._id }).toArray()).map((e) => e.kind).sort();
    expect(kinds).toEqual(['commission', 'commission_reversal', 'refund', 'sale']);
  });

  it('applies an event once: replays and out-of-order duplicates change nothing twice', async () => {
    const [sale] = await entries().find({ cook_id: chef.user_id, kind: 'sale' }).limit(1).toArray();
    const order = (await s.orders.findOne({ _id: sale.order_id! }))!;
    const count = await entries().countDocuments();
    const b = await balances();
    // The order's own events delivered again under other event ids: picked up, then placed twice.
    const placed = await findEvent<{ order_id: string }>(OrderingEvents.orderPlaced.subject, (e) => e.data.order_id === order._id);
    const pickedUp = await findEvent<{ order_id: string; to: string }>(
      OrderingEvents.orderStatusChanged.subject,
      (e) => e.data.order_id === order._id && e.data.to === 'delivered',
    );
    const nc = await testNats(s.nats);
    try {
      const replay = async (contract: EventContract<any>, e: Envelope<unknown>, again: string) => {
        const id = `${e.id}-${again}`;
        await jetstream(nc).publish(subjectOf(contract, e.data), JSON.stringify({ ...e, id }), { msgID: id });
      };
      await replay(OrderingEvents.orderStatusChanged, pickedUp, 'replayed');
      await replay(OrderingEvents.orderPlaced, placed, 'replayed');
      await replay(OrderingEvents.orderPlaced, placed, 'replayed-again');
    } finally {
      await nc.close();
    }
    await s.drained('payments');
    // The picked-up replay reached payments' handler (the placed ones go through the cook's partition).
    const processed = s.db('payments').collection('processed_events');
    expect(await processed.countDocuments({ _id: { $regex: `:${pickedUp.id}-replayed$` } as never })).toBe(1);
    expect(await entries().countDocuments()).toBe(count);
    expect(await balances()).toEqual(b);
  });

  it('numbers receipts per cook without gaps, even for orders paid at the same time; shows them to their consumer only', async () => {
    const lucas = cook('demo-cook-lucas');
    await s.rpc.call(IdentityRpc.updateCookProfile, {
      actor: lucas,
      profile: { bio: 'Bistrot', siret: '732 829 320 00074', vat_regime: 'franchise' },
    });
    const meal = await s.newMeal(lucas.user_id, 20, 1450);
    const buyers = [consumer(), consumer(), consumer(), consumer()];
    const orders = await Promise.all(buyers.map((b) => s.buy(b, meal, 1)));
    const issued = await eventually(async () => {
      const docs = await receipts().find({ cook_id: lucas.user_id }).sort({ number: 1 }).toArray();
      return docs.length === orders.length ? docs : undefined;
    }, 20_000);
    expect(issued.map((r) => r.number)).toEqual([1, 2, 3, 4]);
    // The chef of the first tests has its own series.
    const chefs = (await receipts().find({ cook_id: chef.user_id }).sort({ number: 1 }).toArray()).map((r) => r.number);
    expect(chefs).toEqual(chefs.map((_, i) => i + 1));

    const order = orders[0];
    const mine = buyers[0];
    const { receipt } = await s.rpc.call(ReceiptsRpc.get, { actor: mine, order_id: order._id });
    expect(receipt).toMatchObject({
      order_id: order._id,
      cook_siret: '73282932000074',
      vat_mention: 'TVA non applicable, art. 293 B du CGI',
      total_cents: 1450,
      commission_cents: 218,
      cook_cents: 1232,
      commission_percent: 15,
      refunded_at: null,
      refunded_cents: null,
    });
    expect(receipt.number).toMatch(/^R-[0-9A-F]{8}-00000[1-4]$/);
    // The pick-up slot and, until the cook confirms, the commune only (as on the order card).
    expect(receipt).toMatchObject({
      pickup_start: new Date(order.pickup_start!).toISOString(),
      pickup_end: new Date(order.pickup_end!).toISOString(),
      pickup_place: { street: null, postcode: '69003', city: 'Lyon 3e Arrondissement' },
    });
    expect(receipt.commission_invoice_number).toBe(receipt.number.replace(/^R-/, 'C-'));
    const notYours = await expectDomainError(s.rpc.call(ReceiptsRpc.get, { actor: buyers[1], order_id: order._id }));
    expect(notYours).toMatchObject({ code: 'NOT_FOUND', message: RECEIPT_MESSAGES.notFound });

    const pdf = await s.rpc.call(ReceiptsRpc.pdf, { actor: mine, order_id: order._id });
    expect(pdf.filename).toBe(`popote-${receipt.number}.pdf`);
    expect(Buffer.from(pdf.pdf_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const slotText = `Retrait : ${formatPickupSlot(receipt.pickup_start!, receipt.pickup_end!)}`;
    expect(slotText).toMatch(/^Retrait : (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} [a-zéû]+, \d\d:\d\d–\d\d:\d\d$/);
    const before = pdfText(pdf.pdf_base64);
    expect(before).toContain(slotText);
    expect(before).toContain(RECEIPT_MESSAGES.pickupCommune('69003', 'Lyon 3e Arrondissement'));
    expect(before).not.toContain('Paul Bert');
    // Confirmed by the cook: the street is on the receipt, page and PDF.
    await s.rpc.call(OrderingRpc.changeStatus, { actor: lucas, order_id: order._id, to: 'confirmed' });
    const confirmed = (await s.rpc.call(ReceiptsRpc.get, { actor: mine, order_id: order._id })).receipt;
    expect(confirmed.pickup_place).toEqual({ street: '4 rue Paul Bert', postcode: '69003', city: 'Lyon 3e Arrondissement' });
    const after = pdfText((await s.rpc.call(ReceiptsRpc.pdf, { actor: mine, order_id: order._id })).pdf_base64);
    expect(after).toContain(RECEIPT_MESSAGES.pickupAddress('4 rue Paul Bert', '69003', 'Lyon 3e Arrondissement'));
    // The commission invoice is the cook's, not the consumer's.
    expect(
      (await expectDomainError(s.rpc.call(ReceiptsRpc.pdf, { actor: mine, order_id: order._id, document: 'commission_invoice' }))).code,
    ).toBe('NOT_FOUND');
    const invoice = await s.rpc.call(ReceiptsRpc.pdf, { actor: lucas, order_id: order._id, document: 'commission_invoice' });
    expect(invoice.filename).toBe(`popote-${receipt.commission_invoice_number}.pdf`);
  });

  it('the export lists ledger, payouts and receipts; an erasure waits while money is owed, then keeps receipts without the seller', async () => {
    const mine = await s.rpc.call(exportPersonalDataRpc('payments'), { actor: chef, email: 'chef@popote.test' });
    expect(mine.sections['ledger-entries']).toHaveLength(await entries().countDocuments({ cook_id: chef.user_id }));
    expect(mine.sections.payouts).toHaveLength(await payouts().countDocuments({ cook_id: chef.user_id }));
    expect(mine.sections['payout-account']).toMatchObject({ status: 'enabled', provider: 'sandbox' });
    // The chef was paid everything: nothing on payments' side holds an erasure back.
    expect((await s.rpc.call(erasureBlockersRpc('payments'), { user_id: chef.user_id })).reasons).toEqual([]);

    // Lucas has an order picked up and not paid out: money is owed to him, the erasure waits.
    const lucas = cook('demo-cook-lucas');
    const [first] = await receipts().find({ cook_id: lucas.user_id }).sort({ number: 1 }).limit(1).toArray();
    await s.rpc.call(ReceiptsRpc.get, { actor: lucas, order_id: first._id }); // fixes the seller's legal mentions on it
    await pickUp(first._id, lucas);
    await eventually(async () => ((await balancesOf(lucas)).available_cents > 0 ? true : undefined), 20_000);
    expect((await s.rpc.call(erasureBlockersRpc('payments'), { user_id: lucas.user_id })).reasons).toEqual([
      ACCOUNT_MESSAGES.erasureBlockedPayout,
    ]);

    // The erasure itself (delivered twice): receipts kept, numbered as before, without the seller's name and SIRET.
    const before = await receipts().find({ cook_id: lucas.user_id }).sort({ number: 1 }).toArray();
    expect(JSON.stringify(before)).toContain('73282932000074');
    await s.erase(lucas);
    // Both deliveries handled by payments (the second found nothing left to change).
    await eventually(async () => {
      const processed = s.db('payments').collection('processed_events');
      const handled = await processed.countDocuments({ consumer: { $regex: 'AccountErasure' } });
      return handled >= 2 ? true : undefined;
    }, 15_000);
    const after = await receipts().find({ cook_id: lucas.user_id }).sort({ number: 1 }).toArray();
    expect(after.map((r) => [r.number, r.total_cents])).toEqual(before.map((r) => [r.number, r.total_cents]));
    for (const r of after) {
      expect(r.cook_name).toBe(ERASED_NAME);
      expect(r.cook_legal).toEqual({ name: ERASED_NAME, siret: null, vat_regime: '' });
    }
    expect(JSON.stringify(after)).not.toContain('73282932000074');
  });
});
