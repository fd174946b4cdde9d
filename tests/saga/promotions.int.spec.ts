import { jetstream } from '@nats-io/jetstream';
import {
  CartRpc,
  OrderingEvents,
  OrderingRpc,
  PaymentsRpc,
  PROMOTION_MESSAGES,
  PromotionsRpc,
  ReceiptsRpc,
  subjectOf,
  type Actor,
} from '@popote/contracts';
import { eventually, findEvent, testNats } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntryDoc } from './documents';
import { consumer, cook, DECLINED, startStack, VISA, type Stack } from './stack';

/** payments: `promotions` and `promotionUses`, as stored (ADR 0045). */
interface PromotionDoc {
  _id: string;
  used: number;
  discount_given_cents: number;
  sales_cents: number;
  holds: { checkout_id: string; until: Date; paid: boolean }[];
}
interface PromotionUseDoc {
  _id: string;
  promotion_id: string;
  consumer_id: string;
  state: 'used' | 'returned';
}

/**
 * Promotions (ADR 0045), counted from the databases with two catalogue, two ordering and two
 * payments instances on the same stores: a code of N uses gives exactly N to a hundred buyers at
 * once; a declined card, a lapsed reservation and a cancelled order give a use back, once; the
 * discount is in the amount, the order, the ledger and the receipt; the platform's first-order offer
 * is paid to the cook by the platform.
 */
describe('promotions: uses exact under a hundred buyers and replicas (real NATS JetStream + database)', () => {
  let s: Stack;
  const promotions = () => s.db('payments').collection<PromotionDoc>('promotions');
  const uses = () => s.db('payments').collection<PromotionUseDoc>('promotionUses');
  const entries = () => s.db('payments').collection<LedgerEntryDoc>('ledgerEntries');
  const week = () => ({
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });

  const createCode = async (cookId: string, code: string, maxUses: number | null, value = 10) =>
    (
      await s.rpc.call(PromotionsRpc.create, {
        actor: cook(cookId),
        input: {
          name: `Promo ${code}`,
          code,
          kind: 'percent',
          value,
          meal_ids: [],
          min_basket_cents: 0,
          max_uses: maxUses,
          max_uses_per_buyer: 1,
          ...week(),
        },
      })
    ).promotion;

  /** Each buyer's cart holds one dish; they all ask for a checkout with the code at once. */
  const checkoutWith = async (buyer: Actor, cookId: string, code: string | null) =>
    s.rpc.call(
      PaymentsRpc.createPaymentIntent,
      { actor: buyer, slots: await s.chooseSlots(buyer), promo_codes: code ? [{ cook_id: cookId, code }] : [] },
      { timeoutMs: 120_000 },
    );
  const fill = async (buyers: Actor[], mealId: string, quantity = 1) => {
    for (const b of buyers) await s.rpc.call(CartRpc.addItem, { actor: b, meal_id: mealId, quantity });
  };
  const pay = (buyer: Actor, checkoutId: string, card = VISA) =>
    s.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: buyer, checkout_id: checkoutId, card });

  beforeAll(async () => {
    // Each instance reads the platform's offer at every checkout (its copy is kept 5 s by default).
    s = await startStack(__filename, { payments: { PROMOTIONS_CACHE_MS: '0' } });
    // The platform's first-order offer, as an operator sets it: 5 € from 15 € of dishes (the race's 10 € baskets stay under it).
    await s.rpc.call(PromotionsRpc.setPlatformOffer, {
      operator_id: 'op-test',
      input: { value_cents: 500, min_basket_cents: 1500, state: 'active' },
    });
    await s.startCatalogueReplica();
    await s.startOrderingReplica();
    await s.startPaymentsReplica();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a hundred buyers for a 10-use code: exactly ten hold a use; a declined card and a lapsed reservation give theirs back', async () => {
    const mealId = await s.newMeal('cook-promo-race', 300, 1000);
    const promo = await createCode('cook-promo-race', 'WEEKEND10', 10);
    const buyers = Array.from({ length: 100 }, () => consumer());
    await fill(buyers, mealId);

    const outcomes = await Promise.allSettled(buyers.map((b) => checkoutWith(b, 'cook-promo-race', 'weekend10 ')));
    const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [{ buyer: buyers[i]!, checkout: o.value.checkout }] : []));
    expect(won).toHaveLength(10);
    for (const o of outcomes.filter((x) => x.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'VALIDATION_FAILED', message: PROMOTION_MESSAGES.exhausted });
    for (const { checkout } of won) {
      expect(checkout.amount_cents).toBe(900);
      expect(checkout.discounts).toEqual([
        {
          cook_id: 'cook-promo-race',
          promotion_id: promo.promotion_id,
          name: 'Promo WEEKEND10',
          code: 'WEEKEND10',
          funder: 'cook',
          cents: 100,
        },
      ]);
    }
    // Counted from the database: ten holds, none paid, no use recorded yet.
    const stored = async () => (await promotions().findOne({ _id: promo.promotion_id }))!;
    expect((await stored()).holds.filter((h) => !h.paid)).toHaveLength(10);
    expect((await stored()).used).toBe(0);

    // A declined card gives its use back at once: the next buyer gets it.
    const [declined, lapsed, ...payers] = won;
    await pay(declined!.buyer, declined!.checkout.checkout_id, DECLINED);
    expect((await stored()).holds.map((h) => h.checkout_id)).not.toContain(declined!.checkout.checkout_id);
    const late = consumer();
    await fill([late], mealId);
    const second = await checkoutWith(late, 'cook-promo-race', 'WEEKEND10');
    expect(second.checkout.amount_cents).toBe(900);
    // A reservation that lapsed counts no more (its end moved to the past, as the clock would).
    await promotions().updateOne(
      { _id: promo.promotion_id },
      {
        $set: {
          holds: (await stored()).holds.map((h) =>
            h.checkout_id === lapsed!.checkout.checkout_id ? { ...h, until: new Date(Date.now() - 1000) } : h,
          ),
        },
      },
    );
    const third = consumer();
    await fill([third], mealId);
    const thirdCheckout = await checkoutWith(third, 'cook-promo-race', 'WEEKEND10');
    // Full again: a new buyer is refused in French.
    const fourth = consumer();
    await fill([fourth], mealId);
    await expect(checkoutWith(fourth, 'cook-promo-race', 'WEEKEND10')).rejects.toMatchObject({ message: PROMOTION_MESSAGES.exhausted });

    // Everyone holding a use pays (the payment events may come twice: counted once each).
    const paying = [...payers, { buyer: late, checkout: second.checkout }, { buyer: third, checkout: thirdCheckout.checkout }];
    await Promise.all(paying.map(({ buyer, checkout }) => pay(buyer, checkout.checkout_id)));
    await Promise.all(paying.map(({ checkout }) => s.settled(checkout.checkout_id, 1)));
    const after = await stored();
    expect(after.used).toBe(10);
    expect(after.discount_given_cents).toBe(1000);
    expect(after.sales_cents).toBe(9000);
    expect(after.holds.filter((h) => h.paid)).toHaveLength(10);
    expect(await uses().countDocuments({ promotion_id: promo.promotion_id, state: 'used' })).toBe(10);
    // A buyer uses a code once (uses per buyer): the same buyer is refused the next time.
    await fill([late], mealId);
    await expect(checkoutWith(late, 'cook-promo-race', 'WEEKEND10')).rejects.toMatchObject({ message: PROMOTION_MESSAGES.alreadyUsed });
  }, 240_000);

  it('paid with a code: the order, the ledger and the receipt say what the buyer paid; cancelled twice over, the use comes back once', async () => {
    const mealId = await s.newMeal('cook-promo-money', 20, 1000);
    const promo = await createCode('cook-promo-money', 'MERCI20', 5, 20);
    const buyer = consumer();
    await fill([buyer], mealId, 1);
    const { checkout } = await checkoutWith(buyer, 'cook-promo-money', 'MERCI20');
    expect(checkout.amount_cents).toBe(800);
    await pay(buyer, checkout.checkout_id);
    const [order] = await s.settled(checkout.checkout_id, 1);
    expect(order).toMatchObject({ total_cents: 800, stock: 'committed' });
    const mine = (await s.rpc.call(OrderingRpc.consumerOrders, { actor: buyer })).items.find((o) => o.order_id === order!._id);
    expect(mine).toMatchObject({ total_cents: 800, discount_cents: 200, discount_name: 'Promo MERCI20', discount_funder: 'cook' });

    // The cook funded it: the sale is what the buyer paid, and the commission is on it (15 % of 8 €).
    const byKind = async () =>
      Object.fromEntries((await entries().find({ order_id: order!._id }).toArray()).map((e) => [e.kind, e.pending_cents]));
    await eventually(async () => ((await byKind()).commission ? true : undefined));
    expect(await byKind()).toEqual({ sale: 800, commission: -120 });
    const { receipt } = await s.rpc.call(ReceiptsRpc.get, { actor: buyer, order_id: order!._id });
    expect(receipt).toMatchObject({
      total_cents: 800,
      discount_cents: 200,
      discount_funder: 'cook',
      commission_cents: 120,
      cook_cents: 680,
    });

    // The cook cancels, and the event comes twice: one refund of 8 €, the use given back once.
    await s.rpc.call(OrderingRpc.cancelOrder, { actor: cook('cook-promo-money'), order_id: order!._id, reason: 'Empêchement' });
    const cancelled = await findEvent<{ order_id: string }>(OrderingEvents.orderCancelled.subject, (e) => e.data.order_id === order!._id);
    const nc = await testNats(s.nats);
    try {
      const again = { ...cancelled, id: `${cancelled.id}-again` };
      await jetstream(nc).publish(subjectOf(OrderingEvents.orderCancelled, cancelled.data as never), JSON.stringify(again), {
        msgID: again.id,
      });
    } finally {
      await nc.close();
    }
    await eventually(async () =>
      (await uses().findOne({ _id: `${promo.promotion_id}|${checkout.checkout_id}` }))?.state === 'returned' ? true : undefined,
    );
    await s.drained('payments');
    expect(await s.refunds.find({ _id: order!._id }).toArray()).toEqual([expect.objectContaining({ amount_cents: 800 })]);
    expect(await promotions().findOne({ _id: promo.promotion_id })).toMatchObject({ used: 0, discount_given_cents: 0, sales_cents: 0 });
    const net = (await entries().find({ order_id: order!._id }).toArray()).reduce((n, e) => n + e.pending_cents + e.available_cents, 0);
    expect(net).toBe(0);
    // Given back: the buyer may use it again.
    await fill([buyer], mealId, 1);
    expect((await checkoutWith(buyer, 'cook-promo-money', 'MERCI20')).checkout.amount_cents).toBe(800);
  }, 120_000);

  it('an automatic promotion: applied without a code while it has uses, then left out (never a refusal)', async () => {
    const mealId = await s.newMeal('cook-promo-auto', 20, 1000);
    const { promotion } = await s.rpc.call(PromotionsRpc.create, {
      actor: cook('cook-promo-auto'),
      input: {
        name: 'Bienvenue chez moi',
        code: null,
        kind: 'amount',
        value: 200,
        meal_ids: [],
        min_basket_cents: 0,
        max_uses: 1,
        max_uses_per_buyer: 1,
        ...week(),
      },
    });
    expect(promotion).toMatchObject({ code: null, state: 'active' });
    const [first, second] = [consumer(), consumer()];
    await fill([first, second], mealId);
    const a = await checkoutWith(first, 'cook-promo-auto', null);
    expect(a.checkout).toMatchObject({
      amount_cents: 800,
      discounts: [expect.objectContaining({ name: 'Bienvenue chez moi', code: null, cents: 200 })],
    });
    // Its one use is held: the next buyer pays the full price, without being refused.
    const b = await checkoutWith(second, 'cook-promo-auto', null);
    expect(b.checkout).toMatchObject({ amount_cents: 1000, discounts: [] });
    // Paused by the cook: not applied.
    await s.rpc.call(PromotionsRpc.setState, { actor: cook('cook-promo-auto'), promotion_id: promotion.promotion_id, state: 'paused' });
    const third = consumer();
    await fill([third], mealId);
    expect((await checkoutWith(third, 'cook-promo-auto', null)).checkout.discounts).toEqual([]);
  }, 120_000);

  it("the platform's first-order offer: once per buyer, paid to the cook by the platform, commission on the full price", async () => {
    const mealId = await s.newMeal('cook-promo-welcome', 20, 1000);
    const buyer = consumer();
    await fill([buyer], mealId, 2);
    const { checkout } = await checkoutWith(buyer, 'cook-promo-welcome', null);
    expect(checkout.amount_cents).toBe(1500);
    expect(checkout.discounts).toEqual([
      expect.objectContaining({
        cook_id: 'cook-promo-welcome',
        promotion_id: 'platform-first-order',
        funder: 'platform',
        cents: 500,
        code: null,
      }),
    ]);
    await pay(buyer, checkout.checkout_id);
    const [order] = await s.settled(checkout.checkout_id, 1);
    const byKind = async () =>
      Object.fromEntries((await entries().find({ order_id: order!._id }).toArray()).map((e) => [e.kind, e.pending_cents]));
    await eventually(async () => ((await byKind()).commission ? true : undefined));
    // The buyer paid 15 €, the platform 5 €; the cook is paid on 20 € less 15 % of 20 €.
    expect(await byKind()).toEqual({ sale: 1500, platform_contribution: 500, commission: -300 });
    const { receipt } = await s.rpc.call(ReceiptsRpc.get, { actor: buyer, order_id: order!._id });
    expect(receipt).toMatchObject({
      total_cents: 1500,
      discount_cents: 500,
      discount_funder: 'platform',
      platform_contribution_cents: 500,
      cook_cents: 1700,
    });

    // The same buyer's next checkout has no offer; the platform's figures count the first.
    await fill([buyer], mealId, 2);
    const next = await checkoutWith(buyer, 'cook-promo-welcome', null);
    expect(next.checkout).toMatchObject({ amount_cents: 2000, discounts: [] });
    expect((await s.rpc.call(PromotionsRpc.platformOffer, {})).offer).toMatchObject({
      state: 'active',
      uses: 1,
      discount_given_cents: 500,
    });
    // Paused by an operator: a new buyer's first order has none.
    await s.rpc.call(PromotionsRpc.setPlatformOffer, {
      operator_id: 'op-test',
      input: { value_cents: 500, min_basket_cents: 1500, state: 'paused' },
    });
    const other = consumer();
    await fill([other], mealId, 2);
    expect((await checkoutWith(other, 'cook-promo-welcome', null)).checkout.discounts).toEqual([]);
  }, 120_000);
});
