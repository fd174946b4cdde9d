import type { INestApplication } from '@nestjs/common';
import {
  CartRpc,
  CatalogueRpc,
  ORDER_MESSAGES,
  OrderingEvents,
  OrderingRpc,
  PAYMENT_MESSAGES,
  PaymentsEvents,
  PaymentsRpc,
  PICKUP_MESSAGES,
  PickupRpc,
  RESERVATION_MESSAGES,
  type Actor,
} from '@popote/contracts';
import { DistributedLocks } from '@popote/platform';
import { eventsMatching, eventually, findEvent, parisTime, slotWithMargin, testNats } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutDoc, MealDoc, SlotHoldDoc, SlotLoadDoc, StockDoc } from './documents';
import { consumer, cook, DECLINED, OPEN_ALL_DAY, RESERVATIONS_PER_DAY, runJob, startStack, VISA, type Stack } from './stack';

/**
 * Reserve, then pay (docs/checkout.md, ADR 0024): asking for the payment intent reserves the portions
 * and the slot's place under the cook's lock, or refuses at once; the order commits the reservation.
 */
describe('checkout reservations: portions and slots, expiry, the last place (real NATS JetStream + database)', () => {
  let stack: Stack;
  // The catalogue's and payments' stored state, raw (collections by name).
  const loads = () => stack.db('catalogue').collection<SlotLoadDoc>('slotLoads');
  const holds = () => stack.db('catalogue').collection<SlotHoldDoc>('slotHolds');
  const stocks = () => stack.db('catalogue').collection<StockDoc>('stock');
  const checkouts = () => stack.db('payments').collection<CheckoutDoc>('checkouts');
  const loadOf = (cookId: string, start: string) => loads().findOne({ _id: `${cookId}|${start}` });
  /** A checkout's reservation, moved past its expiry (rather than waited for) everywhere it counts. */
  const expire = async (checkoutId: string) => {
    const past = new Date(Date.now() - 1000);
    await checkouts().updateOne({ _id: checkoutId }, { $set: { reserved_until: past } });
    for (const hold of await holds().find({ checkout_id: checkoutId }).toArray()) {
      await holds().updateOne({ _id: hold._id }, { $set: { expires_at: past } });
      const back = <T extends { hold_id: string }>(list: T[]) => list.map((h) => (h.hold_id === hold._id ? { ...h, expires_at: past } : h));
      for (const l of await loads().find({ cook_id: hold.cook_id }).toArray())
        await loads().updateOne({ _id: l._id }, { $set: { holds: back(l.holds) } });
      for (const line of hold.lines) {
        const st = (await stocks().findOne({ _id: line.meal_id }))!;
        await stocks().updateOne({ _id: st._id }, { $set: { holds: back(st.holds) } });
      }
    }
  };

  beforeAll(async () => {
    stack = await startStack(__filename);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * A cook with one place per slot, a meal of theirs in the cart of each buyer, the slots offered
   * (quarter hours, no cutoff) and the one a test takes: half an hour after the first offered
   * (`slotWithMargin`), so that it does not start, or close, while the test runs — at any hour.
   */
  async function oneSeatCook(name: string, buyers: Actor[]) {
    await stack.setPickup(name, { ...OPEN_ALL_DAY, capacity: 1 });
    const mealId = await stack.newMeal(name, 20, 800);
    for (const b of buyers) await stack.rpc.call(CartRpc.addItem, { actor: b, meal_id: mealId, quantity: 1 });
    const { slots } = await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: name, meal_ids: [mealId], limit: 100 });
    return { mealId, slot: slotWithMargin(slots)!, slots };
  }
  /** A buyer with `quantity` of a new meal of `cookId` (`portions` in stock) in the cart, and a slot offered for it (`slotWithMargin`). */
  async function buyerOf(cookId: string, portions: number, quantity: number) {
    const buyer = consumer();
    const mealId = await stack.newMeal(cookId, portions);
    await stack.rpc.call(CartRpc.addItem, { actor: buyer, meal_id: mealId, quantity });
    const { slots } = await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: cookId, meal_ids: [mealId], portions: quantity });
    return { buyer, mealId, slot: slotWithMargin(slots)! };
  }
  /** The slots of `slots` after `slot`. */
  const after = <T extends { start: string }>(slots: T[], slot: { start: string }) =>
    slots.filter((s) => Date.parse(s.start) > Date.parse(slot.start));
  const intentFor = (actor: Actor, cookId: string, start: string) =>
    stack.rpc.call(PaymentsRpc.createPaymentIntent, { actor, slots: [{ cook_id: cookId, start }] });

  it('two buyers for the last place of a slot: one holds it, the other is told it is full', async () => {
    const [a, b] = [consumer(), consumer()];
    const { slot } = await oneSeatCook('cook-slot-race', [a, b]);
    const outcomes = await Promise.allSettled([intentFor(a, 'cook-slot-race', slot.start), intentFor(b, 'cook-slot-race', slot.start)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: PICKUP_MESSAGES.slotFull });
    const load = await loadOf('cook-slot-race', slot.start);
    expect(load?.holds).toHaveLength(1);
    // The slot is no longer offered to anyone else.
    const { slots } = await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: 'cook-slot-race' });
    expect(slots.map((s) => s.start)).not.toContain(slot.start);

    // The winner pays: the order carries the slot, the place becomes committed (once).
    const winner = (outcomes.find((o) => o.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof intentFor>>>).value;
    expect(winner.checkout.slots).toEqual([{ cook_id: 'cook-slot-race', start: slot.start, end: slot.end, mode: 'pickup', fee_cents: 0 }]);
    const buyer = outcomes[0].status === 'fulfilled' ? a : b;
    await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: buyer, checkout_id: winner.checkout.checkout_id, card: VISA });
    const [order] = await stack.settled(winner.checkout.checkout_id, 1);
    expect(order).toMatchObject({ stock: 'committed', pickup_start: new Date(slot.start), pickup_end: new Date(slot.end) });
    const mine = await stack.rpc.call(OrderingRpc.consumerOrders, { actor: buyer });
    expect(mine.items[0]).toMatchObject({ pickup_start: new Date(slot.start).toISOString(), pickup_end: new Date(slot.end).toISOString() });
    expect(await loadOf('cook-slot-race', slot.start)).toMatchObject({ committed: 1, holds: [] });
    expect((await holds().findOne({ _id: order._id }))?.state).toBe('committed');

    // Cancelled: the place is free again.
    await stack.rpc.call(OrderingRpc.cancelOrder, { actor: buyer, order_id: order._id, reason: '' });
    await eventually(async () => ((await loadOf('cook-slot-race', slot.start))?.committed === 0 ? true : undefined));
    // (The place is written before the hold's state: wait for both.)
    await eventually(async () => ((await holds().findOne({ _id: order._id }))?.state === 'freed' ? true : undefined));
  });

  it('a declined card gives the food and the place back at once; an expired reservation no longer counts; only a payment that lands after expiry, when the place went, is refunded', async () => {
    const [a, b, c] = [consumer(), consumer(), consumer()];
    const { slot, mealId } = await oneSeatCook('cook-slot-release', [a, b, c]);
    const held = await intentFor(a, 'cook-slot-release', slot.start);
    expect(new Date(held.checkout.reserved_until!).getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect((await stocks().findOne({ _id: mealId }))?.holds.map((h) => h.quantity)).toEqual([1]);
    await expect(intentFor(b, 'cook-slot-release', slot.start)).rejects.toMatchObject({ message: PICKUP_MESSAGES.slotFull });
    const failed = await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, {
      actor: a,
      checkout_id: held.checkout.checkout_id,
      card: DECLINED,
    });
    expect(failed.checkout).toMatchObject({ status: 'requires_payment_method', reserved_until: null });
    const evt = await findEvent<{ checkout_id: string; cook_ids: string[] }>(
      PaymentsEvents.paymentFailed.subject,
      (e) => e.data.checkout_id === held.checkout.checkout_id,
    );
    expect(evt.data.cook_ids).toEqual(['cook-slot-release']);
    // Given back before the answer, not by an event later: the stock and the slot are free now.
    expect((await loadOf('cook-slot-release', slot.start))?.holds).toEqual([]);
    expect((await stocks().findOne({ _id: mealId }))?.holds).toEqual([]);
    const second = await intentFor(b, 'cook-slot-release', slot.start);
    expect(second.checkout.slots[0].start).toBe(slot.start);
    // A, who was declined, cannot retry while B holds the place: refused before any charge.
    await expect(
      stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: a, checkout_id: held.checkout.checkout_id, card: VISA }),
    ).rejects.toMatchObject({ message: PICKUP_MESSAGES.slotFull });

    // B never pays: once past its expiry, C gets the place.
    await expire(second.checkout.checkout_id);
    const third = await intentFor(c, 'cook-slot-release', slot.start);
    expect(third.checkout.slots[0].start).toBe(slot.start);
    const load = await loadOf('cook-slot-release', slot.start);
    expect(load?.holds.map((h) => h.hold_id)).toEqual([(await holds().findOne({ checkout_id: third.checkout.checkout_id }))?._id]);
    // B comes back: the sandbox renews before charging and refuses, in French, without a charge.
    await expect(
      stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: b, checkout_id: second.checkout.checkout_id, card: VISA }),
    ).rejects.toMatchObject({ message: PICKUP_MESSAGES.slotFull });
    expect(await stack.orders.countDocuments({ checkout_id: second.checkout.checkout_id })).toBe(0);

    // With a card provider, B's card may still be charged after the expiry (Stripe's own page): the
    // order then finds the place taken, is cancelled with a clear reason and refunded — the only refund left.
    // Here: the sandbox charges, without renewing, a checkout whose expiry it reads as still ahead (moved
    // back in payments' database only: the catalogue gave the place to C), and the charge takes the path
    // of a provider's payment_intent.succeeded (a Stripe webhook's).
    await checkouts().updateOne({ _id: second.checkout.checkout_id }, { $set: { reserved_until: new Date(Date.now() + 10 * 60_000) } });
    const paidLate = await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, {
      actor: b,
      checkout_id: second.checkout.checkout_id,
      card: VISA,
    });
    expect(paidLate.checkout.status).toBe('succeeded');
    const [late] = await stack.settled(second.checkout.checkout_id, 1);
    expect(late).toMatchObject({
      stock: 'rejected',
      stock_status: 'rejected',
      order_status: 'cancelled',
      cancel_reason: ORDER_MESSAGES.slotUnavailable,
    });
    const refund = await findEvent<{ order_id: string; amount_cents: number }>(
      PaymentsEvents.refundIssued.subject,
      (e) => e.data.order_id === late._id,
    );
    expect(refund.data.amount_cents).toBe(800);
    expect((await loadOf('cook-slot-release', slot.start))?.committed).toBe(0);
    // C's reservation is untouched by B's rejected order.
    expect((await loadOf('cook-slot-release', slot.start))?.holds).toHaveLength(1);
  });

  it('a renewal at prices that changed is refused and holds nothing; a payment for a slot that has started is refused and refunded', async () => {
    const cookId = 'cook-late-rules';
    const { buyer, mealId, slot } = await buyerOf(cookId, 10, 2);
    const held = await intentFor(buyer, cookId, slot.start);
    expect(held.checkout.amount_cents).toBe(2000);
    // Declined: the food goes back; meanwhile the cook raises the price.
    await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: buyer, checkout_id: held.checkout.checkout_id, card: DECLINED });
    const seen = await stack.stock(mealId);
    await stack.rpc.call(CatalogueRpc.updateMeal, {
      actor: cook(cookId),
      meal_id: mealId,
      input: { name: 'Plat plus cher', description: 'Fait maison', price_cents: 1200, portions_available: seen, portions_seen: seen },
    });
    // Renewed, or paid (which renews first): refused in French, at the old price never; nothing held.
    const refused = { code: 'CONFLICT', message: PAYMENT_MESSAGES.pricesChanged };
    await expect(stack.rpc.call(PaymentsRpc.renewCheckout, { actor: buyer, checkout_id: held.checkout.checkout_id })).rejects.toMatchObject(
      refused,
    );
    await expect(
      stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: buyer, checkout_id: held.checkout.checkout_id, card: VISA }),
    ).rejects.toMatchObject(refused);
    expect((await stocks().findOne({ _id: mealId }))?.holds).toEqual([]);
    expect(await stack.stock(mealId)).toBe(10);
    expect(await stack.orders.countDocuments({ checkout_id: held.checkout.checkout_id })).toBe(0);

    // A new checkout at today's price; its slot then starts before the card is charged (moved into the
    // past where it is stored rather than waited for): the order is refused and refunded in full.
    const second = await intentFor(buyer, cookId, slot.start);
    expect(second.checkout.amount_cents).toBe(2400);
    const started = new Date(Date.now() - 60_000);
    await holds().updateOne({ checkout_id: second.checkout.checkout_id }, { $set: { start: started } });
    await checkouts().updateOne(
      { _id: second.checkout.checkout_id },
      { $set: { slots: second.checkout.slots.map((h) => ({ ...h, start: started.toISOString() })) } },
    );
    const paid = await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, {
      actor: buyer,
      checkout_id: second.checkout.checkout_id,
      card: VISA,
    });
    expect(paid.checkout.status).toBe('succeeded');
    const [order] = await stack.settled(second.checkout.checkout_id, 1);
    expect(order).toMatchObject({ stock: 'rejected', order_status: 'cancelled', cancel_reason: ORDER_MESSAGES.slotUnavailable });
    const refund = await findEvent<{ order_id: string; amount_cents: number }>(
      PaymentsEvents.refundIssued.subject,
      (e) => e.data.order_id === order._id,
    );
    expect(refund.data.amount_cents).toBe(2400);
    await eventually(async () => ((await stack.stock(mealId)) === 10 ? true : undefined));
  });

  it('one reservation holds at most 5 cooks and 20 portions of a dish (half of a larger stock), refused in French before anything is held', async () => {
    const buyer = consumer();
    const cooks = Array.from({ length: 6 }, (_, i) => `cook-bound-${i}`);
    const mealIds: string[] = [];
    for (const c of cooks) {
      const mealId = await stack.newMeal(c, 10);
      mealIds.push(mealId);
      await stack.rpc.call(CartRpc.addItem, { actor: buyer, meal_id: mealId, quantity: 1 });
    }
    // Six cooks: refused by the catalogue (payments does not know the cooks of the lines).
    await expect(stack.intent(buyer)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: RESERVATION_MESSAGES.tooManyCooks });
    for (const mealId of mealIds) expect((await stocks().findOne({ _id: mealId }))?.holds ?? []).toEqual([]);
    expect(await holds().countDocuments({ cook_id: { $in: cooks } } as never)).toBe(0);

    // 25 portions of one dish: refused by payments before it asks the catalogue.
    const big = consumer();
    const bigMeal = await stack.newMeal('cook-bound-big', 100);
    await stack.rpc.call(CartRpc.addItem, { actor: big, meal_id: bigMeal, quantity: 25 });
    await expect(stack.intent(big)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: RESERVATION_MESSAGES.tooManyOfOne });
    // 12 of a stock of 20: more than half, refused by the catalogue with the dish's name; 10 are reserved.
    const half = consumer();
    const halfMeal = await stack.newMeal('cook-bound-half', 20);
    await stack.rpc.call(CartRpc.addItem, { actor: half, meal_id: halfMeal, quantity: 12 });
    await expect(stack.intent(half)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('vous pouvez réserver au plus 10 portions'),
    });
    expect((await stocks().findOne({ _id: halfMeal }))?.holds ?? []).toEqual([]);
    await stack.rpc.call(CartRpc.setQuantity, { actor: half, meal_id: halfMeal, quantity: 10 });
    await stack.intent(half);
    expect(await stack.stock(halfMeal)).toBe(10);
  });

  it('the last portions: 12 buyers at once for 3, over two catalogue replicas: 3 reserved, 9 refused before paying, 0 refunds', async () => {
    const second = await stack.startCatalogueReplica();
    try {
      const cookId = 'cook-last-portions';
      const buyers = Array.from({ length: 12 }, () => consumer());
      const mealId = await stack.newMeal(cookId, 3, 700);
      for (const b of buyers) await stack.rpc.call(CartRpc.addItem, { actor: b, meal_id: mealId, quantity: 1 });
      // A slot two hours on (the reminders test below counts the orders due around its own slot, four hours on).
      const slot = slotWithMargin(
        (await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: cookId, meal_ids: [mealId], limit: 100 })).slots,
        2 * 3600_000,
      )!;
      const outcomes = await Promise.allSettled(buyers.map((b) => intentFor(b, cookId, slot.start)));
      const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [{ buyer: buyers[i], intent: o.value }] : []));
      const messages = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message as string);
      expect(won).toHaveLength(3);
      expect(messages).toHaveLength(9);
      for (const m of messages) expect(m).toMatch(/Stock insuffisant/);
      // Counted from the database: three live reservations of one portion, the card shows none left.
      const stock = (await stocks().findOne({ _id: mealId }))!;
      expect(stock.portions).toBe(3);
      expect(stock.holds.map((h) => h.quantity)).toEqual([1, 1, 1]);
      expect(await stack.stock(mealId)).toBe(0);
      // The three pay: three orders, stock 0, nothing reserved any more, no refund.
      for (const w of won)
        await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: w.buyer, checkout_id: w.intent.checkout.checkout_id, card: VISA });
      for (const w of won) expect((await stack.settled(w.intent.checkout.checkout_id, 1))[0].stock).toBe('committed');
      expect(await stocks().findOne({ _id: mealId })).toMatchObject({ portions: 0, holds: [] });
      expect(await stack.refunds.countDocuments({ checkout_id: { $in: won.map((w) => w.intent.checkout.checkout_id) } })).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('an abandoned reservation is given back by the sweep: the card shows the portions again; a renewal reserves the same checkout', async () => {
    const cookId = 'cook-slot-sweep';
    const { buyer, mealId, slot } = await buyerOf(cookId, 4, 3);
    const intent = await intentFor(buyer, cookId, slot.start);
    expect(await stack.stock(mealId)).toBe(1);
    const replica = await stack.startCatalogueReplica();
    await expire(intent.checkout.checkout_id);
    // Expired, it already counts for nothing; the sweep (every replica, at once) gives it back once.
    const sweeps = await Promise.all([stack.catalogue(), replica].map((app) => runJob<number>(app, 'reservations-sweep'))).finally(() =>
      replica.close(),
    );
    expect(sweeps.reduce((n, x) => n + x, 0)).toBeGreaterThanOrEqual(1);
    expect(await holds().findOne({ checkout_id: intent.checkout.checkout_id })).toMatchObject({ state: 'released' });
    expect(await stack.stock(mealId)).toBe(4);
    expect((await stocks().findOne({ _id: mealId }))?.holds).toEqual([]);
    // 'Réserver à nouveau': the same checkout, a new expiry, the portions held again.
    const renewed = await stack.rpc.call(PaymentsRpc.renewCheckout, { actor: buyer, checkout_id: intent.checkout.checkout_id });
    expect(new Date(renewed.checkout.reserved_until!).getTime()).toBeGreaterThan(Date.now());
    expect(await stack.stock(mealId)).toBe(1);
    // A new payment intent replaces it (one open checkout per buyer): never two reservations.
    const again = await intentFor(buyer, cookId, slot.start);
    expect(await holds().countDocuments({ cook_id: cookId, state: 'held' })).toBe(1);
    expect((await holds().findOne({ cook_id: cookId, state: 'held' }))?.checkout_id).toBe(again.checkout.checkout_id);
    expect(await stack.stock(mealId)).toBe(1);
  });

  it('one buyer holds one checkout at a time, whatever they ask at once, and reserves at most the daily cap', async () => {
    const cookId = 'cook-hold-cap';
    const { buyer, mealId, slot } = await buyerOf(cookId, 10, 2);
    const held = async () => (await holds().find({ cook_id: cookId, state: 'held' }).toArray()).map((h) => h.checkout_id);
    const first = await intentFor(buyer, cookId, slot.start);
    const second = await intentFor(buyer, cookId, slot.start);
    expect(await held()).toEqual([second.checkout.checkout_id]);
    // The older checkout was replaced: spent (its provider intent cancelled), neither renewed nor paid.
    const replaced = { code: 'CONFLICT', message: PAYMENT_MESSAGES.replaced };
    await expect(
      stack.rpc.call(PaymentsRpc.renewCheckout, { actor: buyer, checkout_id: first.checkout.checkout_id }),
    ).rejects.toMatchObject(replaced);
    await expect(
      stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: buyer, checkout_id: first.checkout.checkout_id, card: VISA }),
    ).rejects.toMatchObject(replaced);
    const checkouts = stack.db('payments').collection<{ _id: string; replaced_at?: Date; status: string }>('checkouts');
    expect(await checkouts.findOne({ _id: first.checkout.checkout_id })).toMatchObject({
      status: 'requires_payment_method',
      replaced_at: expect.any(Date),
    });
    expect(await held()).toEqual([second.checkout.checkout_id]);
    expect(await stack.stock(mealId)).toBe(8);
    // Two at once (two tabs, a script): still one checkout holding food.
    await Promise.all([intentFor(buyer, cookId, slot.start), intentFor(buyer, cookId, slot.start)]);
    expect(await held()).toHaveLength(1);
    expect(await stack.stock(mealId)).toBe(8);
    await intentFor(buyer, cookId, slot.start); // the fifth reservation of the day
    // The cap (RESERVATIONS_PER_DAY in 24 h): a new intent and a renewal are refused, and change nothing.
    expect(RESERVATIONS_PER_DAY).toBe(5);
    const holding = await held();
    const refusal = { code: 'RATE_LIMITED', message: expect.stringContaining(PAYMENT_MESSAGES.tooManyReservations) };
    await expect(intentFor(buyer, cookId, slot.start)).rejects.toMatchObject(refusal);
    // The open checkout's reservation ran out: renewing it would reserve again, past the cap.
    await checkouts.updateOne({ _id: holding[0]! }, { $set: { reserved_until: new Date(Date.now() - 1000) } });
    await expect(stack.rpc.call(PaymentsRpc.renewCheckout, { actor: buyer, checkout_id: holding[0]! })).rejects.toMatchObject(refusal);
    expect(await held()).toEqual(holding);
    expect(await stack.stock(mealId)).toBe(8);
    // Another buyer is not concerned.
    const other = consumer();
    await stack.rpc.call(CartRpc.addItem, { actor: other, meal_id: mealId, quantity: 1 });
    await intentFor(other, cookId, slot.start);
    expect(await stack.stock(mealId)).toBe(7);
  });

  it('a reservation the catalogue applies after payments stopped waiting counts towards the cap and is the open checkout; a refusal counts nothing', async () => {
    const cookId = 'cook-slow-answer';
    const open = stack.db('payments').collection<{ _id: string; checkout_id: string; reserved_at: Date[] }>('openCheckouts');
    // Refused by the catalogue (a slot the cook does not offer): nothing held, nothing counted.
    const refused = await buyerOf(cookId, 3, 1);
    await expect(intentFor(refused.buyer, cookId, '2030-01-01T10:07:00.000Z')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await open.findOne({ _id: refused.buyer.user_id }))?.reserved_at ?? []).toHaveLength(0);
    // The cook's lease held past payments' wait (5 s): no answer in time, but the catalogue reserves
    // once the lease is free. The attempt was recorded before asking: it counts, and it is the buyer's
    // open checkout, which the next attempt gives back.
    const { buyer, slot } = await buyerOf(cookId, 3, 1);
    const nc = await testNats(stack.nats);
    try {
      let answer!: Promise<unknown>;
      await new DistributedLocks(nc).run(`cook:${cookId}`, async () => {
        answer = stack.rpc
          .call(PaymentsRpc.createPaymentIntent, { actor: buyer, slots: [{ cook_id: cookId, start: slot.start }] }, { timeoutMs: 20_000 })
          .catch((err: unknown) => err);
        await new Promise((r) => setTimeout(r, 6_500));
      });
      expect(await answer).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await nc.close();
    }
    const recorded = await open.findOne({ _id: buyer.user_id });
    expect(recorded?.reserved_at).toHaveLength(1);
    await eventually(async () => (await holds().countDocuments({ checkout_id: recorded!.checkout_id, state: 'held' })) === 1, 20_000);
    // The next attempt gives that reservation back first: one checkout holds the buyer's food.
    const next = await intentFor(buyer, cookId, slot.start);
    expect((await holds().find({ cook_id: cookId, state: 'held' }).toArray()).map((h) => h.checkout_id)).toEqual([
      next.checkout.checkout_id,
    ]);
    expect((await open.findOne({ _id: buyer.user_id }))?.reserved_at).toHaveLength(2);
  }, 60_000);

  it('no slot, or a bad one, cannot be paid: clear French errors', async () => {
    const buyer = consumer();
    const mealId = await stack.newMeal('cook-slot-rules', 5);
    const rules = {
      ...OPEN_ALL_DAY,
      windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })),
      slot_minutes: 30 as const,
    };
    await stack.rpc.call(CartRpc.addItem, { actor: buyer, meal_id: mealId, quantity: 1 });
    const offered = async () =>
      (await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: 'cook-slot-rules', meal_ids: [mealId], limit: 100 })).slots;
    // The cook's grid (without a cutoff: every slot not started, the next 50 hours), then with a day's cutoff.
    await stack.setPickup('cook-slot-rules', { ...rules, cutoff_minutes: 0 });
    const grid = await offered();
    await stack.setPickup('cook-slot-rules', { ...rules, cutoff_minutes: 24 * 60 });
    const slots = await offered();
    const first = new Date(slots[0].start);
    expect(first.getTime() - Date.now()).toBeGreaterThanOrEqual(24 * 3600_000);
    const refusedWith = (slotsChosen: { cook_id: string; start: string }[]) =>
      stack.rpc.call(PaymentsRpc.createPaymentIntent, { actor: buyer, slots: slotsChosen }).then(
        () => 'accepted',
        (err: Error) => err.message,
      );
    const iso = (d: Date) => d.toISOString();
    expect(await refusedWith([])).toBe(PICKUP_MESSAGES.slotRequired);
    expect(await refusedWith([{ cook_id: 'demo-cook-amina', start: slots[0].start }])).toBe(PICKUP_MESSAGES.slotNotInCart);
    // In the past (yesterday at noon, Paris time: a slot of the grid on any day, DST or not), within
    // the cutoff (the cook's slot just before the first open one, read from the grid: never the
    // 23:30–00:00 gap, nor an hour that a change of time skips or repeats), off the grid.
    const past = parisTime(-1, '12:00');
    expect(await refusedWith([{ cook_id: 'cook-slot-rules', start: iso(past) }])).toBe(PICKUP_MESSAGES.slotPast);
    const closed = grid.filter((s) => Date.parse(s.start) < first.getTime()).at(-1)!;
    expect(Date.parse(closed.start)).toBeGreaterThan(Date.now() + 3600_000);
    expect(await refusedWith([{ cook_id: 'cook-slot-rules', start: closed.start }])).toBe(PICKUP_MESSAGES.slotCutoff);
    const offGrid = new Date(first.getTime() + 10 * 60_000);
    expect(await refusedWith([{ cook_id: 'cook-slot-rules', start: iso(offGrid) }])).toBe(PICKUP_MESSAGES.slotUnknown);
    // A slot of another cook (on their grid, not this cook's): not one of this cook's slots.
    const otherMeal = await stack.newMeal('cook-slot-rules-other', 5);
    await stack.setPickup('cook-slot-rules-other', {
      ...OPEN_ALL_DAY,
      windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:10', end: '23:40' })),
    });
    const theirs = await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: 'cook-slot-rules-other', meal_ids: [otherMeal] });
    expect(await refusedWith([{ cook_id: 'cook-slot-rules', start: theirs.slots[0].start }])).toBe(PICKUP_MESSAGES.slotUnknown);
    // Full: covered by the race below and the burst; before the dish is available:
    await stack
      .db('catalogue')
      .collection<MealDoc>('meals')
      .updateOne({ _id: mealId }, { $set: { available_date: new Date(first.getTime() + 3 * 24 * 3600_000) } });
    expect(await refusedWith([{ cook_id: 'cook-slot-rules', start: slots[0].start }])).toBe(PICKUP_MESSAGES.slotBeforeAvailable);
    // A cook without windows cannot be ordered from.
    await stack.setPickup('cook-slot-rules', { ...OPEN_ALL_DAY, windows: [] });
    expect(await refusedWith([{ cook_id: 'cook-slot-rules', start: slots[0].start }])).toBe(PICKUP_MESSAGES.noWindows);
    // Nothing was held by the refused attempts.
    expect(await holds().countDocuments({ cook_id: 'cook-slot-rules' })).toBe(0);
  });

  it('reminds the buyer once, an hour before the slot', async () => {
    const buyer = consumer();
    const mealId = await stack.newMeal('cook-slot-reminder', 5);
    await stack.rpc.call(CartRpc.addItem, { actor: buyer, meal_id: mealId, quantity: 1 });
    // A slot four hours on: ordering's own sweep (every minute, on the real clock) must not find it
    // due before the test sweeps, and the orders of the tests above (two hours on) stay out of the hour counted.
    const { checkout } = await stack.pay(buyer, VISA, 4 * 3600_000);
    const [order] = await stack.settled(checkout.checkout_id, 1);
    // The reminders' sweep, as at `now`, on one ordering replica or the other.
    const replica = await stack.startOrderingReplica();
    const sweep = (app: INestApplication, now: Date) => runJob<number>(app, 'pickup-reminders', now);
    // The sweep answers how many it announced in the whole store: the earlier tests' orders may fall
    // due at the same moment (by night every test's slot is one of the next morning's), so what is
    // counted is this order's reminders, from its record and the stream.
    const reminders = () =>
      eventsMatching<{ order_id: string; pickup_start: string }>(
        OrderingEvents.pickupReminderDue.subject,
        (e) => e.data.order_id === order._id,
      );
    try {
      const start = new Date(order.pickup_start!);
      // Two hours before: not yet. Forty minutes before: announced, once, even when two replicas sweep together.
      await sweep(stack.ordering(), new Date(start.getTime() - 2 * 3600_000));
      expect((await stack.orders.findOne({ _id: order._id }))?.reminder_sent_at).toBeNull();
      expect(await reminders()).toEqual([]);
      const at = new Date(start.getTime() - 40 * 60_000);
      const [a, b] = await Promise.all([sweep(stack.ordering(), at), sweep(replica, at)]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect((await stack.orders.findOne({ _id: order._id }))?.reminder_sent_at).toEqual(at);
      const evt = await findEvent<{ order_id: string; pickup_start: string }>(
        OrderingEvents.pickupReminderDue.subject,
        (e) => e.data.order_id === order._id,
      );
      expect(evt.data.pickup_start).toBe(start.toISOString());
      await sweep(stack.ordering(), at);
      expect(await reminders()).toHaveLength(1);
    } finally {
      await replica.close();
    }
  });

  it('the cook moves a paid order to another slot: places follow, the buyer is told; a full slot is refused', async () => {
    const [a, b] = [consumer(), consumer()];
    const { slot } = await oneSeatCook('cook-slot-move', [a, b]);
    const { slots } = await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: 'cook-slot-move' });
    const [second, third] = after(slots, slot);
    const pay = async (actor: Actor, start: string) => {
      const intent = await intentFor(actor, 'cook-slot-move', start);
      await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor, checkout_id: intent.checkout.checkout_id, card: VISA });
      return (await stack.settled(intent.checkout.checkout_id, 1))[0];
    };
    const orderA = await pay(a, slot.start);
    await pay(b, second.start);
    const cookActor = cook('cook-slot-move');
    // To the slot B holds (one place): full. To a free one: moved.
    await expect(
      stack.rpc.call(OrderingRpc.movePickupSlot, { actor: cookActor, order_id: orderA._id, start: second.start }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: PICKUP_MESSAGES.slotFull });
    await expect(
      stack.rpc.call(OrderingRpc.movePickupSlot, { actor: cookActor, order_id: orderA._id, start: slot.start }),
    ).rejects.toMatchObject({ message: PICKUP_MESSAGES.moveSame });
    await expect(stack.rpc.call(OrderingRpc.movePickupSlot, { actor: a, order_id: orderA._id, start: third.start })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const moved = await stack.rpc.call(OrderingRpc.movePickupSlot, { actor: cookActor, order_id: orderA._id, start: third.start });
    expect(moved.order).toMatchObject({ pickup_start: new Date(third.start).toISOString(), pickup_end: new Date(third.end).toISOString() });
    expect(await loadOf('cook-slot-move', slot.start)).toMatchObject({ committed: 0 });
    expect(await loadOf('cook-slot-move', third.start)).toMatchObject({ committed: 1 });
    expect(await loadOf('cook-slot-move', second.start)).toMatchObject({ committed: 1 });
    const evt = await findEvent<{ order_id: string; pickup_start: string }>(
      OrderingEvents.pickupSlotMoved.subject,
      (e) => e.data.order_id === orderA._id,
    );
    expect(evt.data.pickup_start).toBe(new Date(third.start).toISOString());
    // Cancelled later, the place freed is the new one.
    await stack.rpc.call(OrderingRpc.cancelOrder, { actor: cookActor, order_id: orderA._id, reason: 'Empêchement' });
    await eventually(async () => ((await loadOf('cook-slot-move', third.start))?.committed === 0 ? true : undefined));
  });

  const changeFor = (actor: Actor, checkoutId: string, cookId: string, start: string) =>
    stack.rpc.call(PaymentsRpc.changeCheckoutSlot, { actor, checkout_id: checkoutId, slot: { cook_id: cookId, start } });
  const placesOf = async (cookId: string, holdId: string) =>
    (await loads().find({ cook_id: cookId }).toArray()).flatMap((l) =>
      l.holds.filter((h) => h.hold_id === holdId).map(() => new Date(l.start).toISOString()),
    );
  it('the buyer changes the reserved slot before paying: the first place is free at once, the new one reserved, the expiry unchanged', async () => {
    const [a, b] = [consumer(), consumer()];
    const cookId = 'cook-slot-change';
    // The cook's grid without a cutoff (from oneSeatCook), then the slots offered with an hour's cutoff.
    const { mealId, slots: grid } = await oneSeatCook(cookId, [a, b]);
    await stack.setPickup(cookId, { ...OPEN_ALL_DAY, capacity: 1, cutoff_minutes: 60 });
    const { slots } = await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: cookId, meal_ids: [mealId], limit: 100 });
    const taken = slotWithMargin(slots)!;
    const [first, second, third] = [taken, ...after(slots, taken)];
    // Refused below: a slot of yesterday (noon, Paris), and the cook's last slot before the first
    // open one (within the cutoff, not started) — read from the grid, whatever the hour or the day.
    const past = parisTime(-1, '12:00').toISOString();
    const closed = grid.filter((s) => Date.parse(s.start) < Date.parse(slots[0].start)).at(-1)!.start;
    expect(Date.parse(closed)).toBeGreaterThan(Date.now() + 10 * 60_000);
    const held = await intentFor(a, cookId, first.start);
    const checkoutId = held.checkout.checkout_id;
    const holdId = (await holds().findOne({ checkout_id: checkoutId }))!._id;
    expect(await placesOf(cookId, holdId)).toEqual([first.start]);
    await expect(intentFor(b, cookId, first.start)).rejects.toMatchObject({ message: PICKUP_MESSAGES.slotFull });

    const changed = await changeFor(a, checkoutId, cookId, second.start);
    expect(changed.checkout.slots).toEqual([{ cook_id: cookId, start: second.start, end: second.end, mode: 'pickup', fee_cents: 0 }]);
    // At once, not after the hold's 20 minutes: the first slot is free and offered again.
    expect((await loadOf(cookId, first.start))?.holds).toEqual([]);
    expect(await placesOf(cookId, holdId)).toEqual([second.start]);
    const offered = (await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: cookId, meal_ids: [mealId], limit: 100 })).slots.map(
      (x) => x.start,
    );
    expect(offered).toContain(first.start);
    expect(offered).not.toContain(second.start);

    // The reservation keeps its expiry (a change never extends it) and its portions.
    expect(changed.checkout.reserved_until).toBe(held.checkout.reserved_until);
    expect((await stocks().findOne({ _id: mealId }))?.holds.map((h) => h.hold_id)).toEqual([holdId]);

    // Another buyer now gets the first slot.
    const forB = await intentFor(b, cookId, first.start);
    expect(forB.checkout.slots[0].start).toBe(first.start);

    // Bad changes, in French, and the held slot stays: the same, a full one, past, within the cutoff,
    // not on the cook's grid, another buyer's checkout.
    const refused = (actor: Actor, start: string, id = checkoutId) =>
      changeFor(actor, id, cookId, start).then(
        () => 'accepted',
        (e: Error) => e.message,
      );
    expect(await refused(a, second.start)).toBe(PICKUP_MESSAGES.changeSame);
    expect(await refused(a, first.start)).toBe(PICKUP_MESSAGES.slotFull);
    expect(await refused(a, past)).toBe(PICKUP_MESSAGES.slotPast);
    expect(await refused(a, closed)).toBe(PICKUP_MESSAGES.slotCutoff);
    expect(await refused(a, new Date(new Date(third.start).getTime() + 5 * 60_000).toISOString())).toBe(PICKUP_MESSAGES.slotUnknown);
    await expect(changeFor(b, checkoutId, cookId, third.start)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await placesOf(cookId, holdId)).toEqual([second.start]);

    // A pays: the order is in the slot it changed to, committed once; then the slot can no longer change here.
    await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: a, checkout_id: checkoutId, card: VISA });
    const [order] = await stack.settled(checkoutId, 1);
    expect(order).toMatchObject({ stock: 'committed', pickup_start: new Date(second.start) });
    expect(await loadOf(cookId, second.start)).toMatchObject({ committed: 1, holds: [] });
    expect(await refused(a, third.start)).toBe(PICKUP_MESSAGES.changeNotAllowed);
  });

  it('two replicas: concurrent changes of one hold leave one place; a change that lands after the payment started yields to the slot paid for', async () => {
    const second = await stack.startCatalogueReplica();
    try {
      const a = consumer();
      const cookId = 'cook-slot-change-2';
      const { mealId, slot } = await oneSeatCook(cookId, [a]);
      const { slots } = await stack.rpc.call(PickupRpc.pickupSlots, { cook_id: cookId, meal_ids: [mealId] });
      const [s1, s2] = after(slots, slot);
      const held = await intentFor(a, cookId, slot.start);
      const checkoutId = held.checkout.checkout_id;
      const holdId = (await holds().findOne({ checkout_id: checkoutId }))!._id;
      // The catalogue asked at once, as payments asks it (its RPC, shared by the two replicas' queue
      // group: a double click reaching two instances), and the same request twice.
      const change = (start: string) => stack.rpc.call(PickupRpc.changeHeldSlot, { checkout_id: checkoutId, cook_id: cookId, start });
      const outcomes = await Promise.allSettled([change(s1.start), change(s2.start), change(s2.start)]);
      expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
      for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as Error).message).toBe(PICKUP_MESSAGES.changeSame);
      const hold = (await holds().findOne({ _id: holdId }))!;
      expect(await placesOf(cookId, holdId)).toEqual([new Date(hold.start).toISOString()]);
      expect((await loadOf(cookId, slot.start))?.holds ?? []).toEqual([]);

      // The checkout was not told (as when the payment went through while the change was on its way):
      // the order carries the slot paid for, which gets the place; the moved hold is given back.
      expect((await stack.rpc.call(PaymentsRpc.getCheckout, { actor: a, checkout_id: checkoutId })).checkout?.slots[0].start).toBe(
        slot.start,
      );
      await stack.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: a, checkout_id: checkoutId, card: VISA });
      const [order] = await stack.settled(checkoutId, 1);
      expect(order).toMatchObject({ stock: 'committed', pickup_start: new Date(slot.start) });
      expect(await loadOf(cookId, slot.start)).toMatchObject({ committed: 1, holds: [] });
      const everywhere = await loads().find({ cook_id: cookId }).toArray();
      expect(everywhere.reduce((n, l) => n + l.committed + l.holds.length, 0)).toBe(1);
      expect((await holds().findOne({ _id: holdId }))?.state).toBe('committed');
    } finally {
      await second.close();
    }
  });

  it('settings are checked by the server, in French', async () => {
    const fieldsOf = (input: typeof OPEN_ALL_DAY) =>
      stack.rpc.call(PickupRpc.updatePickupSettings, { actor: cook('cook-slot-settings'), input }).then(
        () => ({}),
        (e: { code: string; fields?: Record<string, string> }) => ({ code: e.code, ...e.fields }),
      );
    expect(
      await fieldsOf({
        ...OPEN_ALL_DAY,
        windows: [{ weekday: 3, start: '20:00', end: '19:00' }],
        address: { street: '', postcode: '7500', commune_code: '75101' },
      }),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      end: PICKUP_MESSAGES.windowOrder,
      postcode: PICKUP_MESSAGES.postcode,
      street: PICKUP_MESSAGES.street,
    });
    expect(
      await fieldsOf({
        ...OPEN_ALL_DAY,
        windows: [
          { weekday: 2, start: '18:00', end: '20:00' },
          { weekday: 2, start: '19:00', end: '21:00' },
        ],
      }),
    ).toEqual({ code: 'VALIDATION_FAILED', start: PICKUP_MESSAGES.windowsOverlap });
    expect(await fieldsOf({ ...OPEN_ALL_DAY, capacity: 0 })).toEqual({ code: 'VALIDATION_FAILED', capacity: PICKUP_MESSAGES.capacity });
    await expect(
      stack.rpc.call(PickupRpc.updatePickupSettings, { actor: { user_id: 'someone', user_type: 'consumer' }, input: OPEN_ALL_DAY }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
