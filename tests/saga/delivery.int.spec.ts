import { jetstream } from '@nats-io/jetstream';
import {
  CartRpc,
  IdentityRpc,
  OrderingEvents,
  OrderingRpc,
  PaymentsRpc,
  PICKUP_MESSAGES,
  PickupRpc,
  ReceiptsRpc,
  subjectOf,
  type Actor,
  type DeliveryAddressInput,
  type PickupSettingsInput,
} from '@popote/contracts';
import { eventually, findEvent, slotWithMargin, testNats } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntryDoc, SlotHoldDoc, SlotLoadDoc } from './documents';
import { consumer, cook, OPEN_ALL_DAY, runJob, startStack, VISA, type Stack } from './stack';

/**
 * Delivery by the cook (ADR 0044): a delivery place is held like a pick-up place, in its own
 * documents (`cook|livraison|start`), within the cook's radius only; the fee is part of the total,
 * carries no commission, and comes back once with a cancellation. Counted from the databases, with
 * two catalogue and two payments instances on the same stores.
 */
describe('delivery by the cook: places, range and fee (real NATS JetStream + database, replicas)', () => {
  let s: Stack;
  const loads = () => s.db('catalogue').collection<SlotLoadDoc>('slotLoads');
  const holds = () => s.db('catalogue').collection<SlotHoldDoc>('slotHolds');
  const entries = () => s.db('payments').collection<LedgerEntryDoc>('ledgerEntries');

  /** Paris 2e: about 1 km from the test cooks' Paris 1er. */
  const NEAR: DeliveryAddressInput = {
    street: '12 rue Montorgueil',
    complement: '3e étage',
    postcode: '75002',
    commune_code: '75102',
    phone: '06 12 34 56 78',
    instructions: 'Sonner chez Dupont',
  };
  /** Marseille 1er: far outside any radius. */
  const FAR: DeliveryAddressInput = { ...NEAR, postcode: '13001', commune_code: '13201' };
  const delivering = (capacity: number, fee = 450): PickupSettingsInput => ({
    ...OPEN_ALL_DAY,
    delivery: {
      enabled: true,
      radius_km: 5,
      fee_cents: fee,
      free_above_cents: null,
      windows: OPEN_ALL_DAY.windows.map((w) => ({ ...w, end: '23:30' })),
      slot_minutes: 30,
      cutoff_minutes: 0,
      capacity,
    },
  });

  /** A cook who delivers, a dish of theirs in each buyer's cart, and a delivery slot with margin. */
  async function deliveringCook(name: string, buyers: Actor[], capacity: number, price = 1200) {
    await s.setPickup(name, delivering(capacity));
    const mealId = await s.newMeal(name, 50, price);
    for (const b of buyers) await s.rpc.call(CartRpc.addItem, { actor: b, meal_id: mealId, quantity: 1 });
    const offered = await s.rpc.call(PickupRpc.pickupSlots, {
      cook_id: name,
      meal_ids: [mealId],
      limit: 100,
      mode: 'delivery',
      commune_code: NEAR.commune_code,
    });
    return { mealId, offered, slot: slotWithMargin(offered.slots)! };
  }
  const deliver = (actor: Actor, cookId: string, start: string, address: DeliveryAddressInput | null = NEAR) =>
    s.rpc.call(PaymentsRpc.createPaymentIntent, {
      actor,
      slots: [{ cook_id: cookId, start, mode: 'delivery' }],
      delivery_address: address,
    });

  beforeAll(async () => {
    s = await startStack(__filename);
    await s.startCatalogueReplica();
    await s.startPaymentsReplica();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('eight buyers for a delivery slot of two places: exactly two hold one; pick-up keeps its own places; out of range refused', async () => {
    const buyers = Array.from({ length: 8 }, () => consumer());
    const far = consumer();
    const { offered, slot } = await deliveringCook('cook-delivery-race', [...buyers, far], 2);
    expect(offered.delivery).toEqual({ fee_cents: 450, free_above_cents: null, radius_km: 5, in_range: true });
    expect(offered.slots.every((x) => Date.parse(x.end) - Date.parse(x.start) === 30 * 60_000)).toBe(true);

    const outcomes = await Promise.allSettled(buyers.map((b) => deliver(b, 'cook-delivery-race', slot.start)));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(2);
    for (const o of outcomes.filter((o) => o.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: PICKUP_MESSAGES.deliverySlotFull });
    // Counted from the database: the delivery document holds two places, the pick-up one none.
    const load = await loads().findOne({ _id: `cook-delivery-race|livraison|${slot.start}` });
    expect(load?.holds).toHaveLength(2);
    expect((await loads().findOne({ _id: `cook-delivery-race|${slot.start}` }))?.holds ?? []).toEqual([]);
    expect(await holds().countDocuments({ cook_id: 'cook-delivery-race', state: 'held', mode: 'delivery' })).toBe(2);
    // Each winner pays dishes + fee, as the catalogue priced them.
    for (const o of won) {
      const { checkout } = (o as PromiseFulfilledResult<Awaited<ReturnType<typeof deliver>>>).value;
      expect(checkout.amount_cents).toBe(1200 + 450);
      expect(checkout.slots).toEqual([
        { cook_id: 'cook-delivery-race', start: slot.start, end: slot.end, mode: 'delivery', fee_cents: 450 },
      ]);
      expect(checkout.delivery_address).toMatchObject({ street: NEAR.street, city: 'Paris 2e Arrondissement', phone: '0612345678' });
    }
    // The slot is no longer offered for delivery; the same time is still open for pick-up.
    const after = await s.rpc.call(PickupRpc.pickupSlots, {
      cook_id: 'cook-delivery-race',
      limit: 100,
      mode: 'delivery',
      commune_code: NEAR.commune_code,
    });
    expect(after.slots.map((x) => x.start)).not.toContain(slot.start);

    // Outside the radius: refused in French, nothing held, and no slot offered.
    await expect(deliver(far, 'cook-delivery-race', slot.start, FAR)).rejects.toMatchObject({ message: PICKUP_MESSAGES.outOfRange });
    expect(await holds().countDocuments({ cook_id: 'cook-delivery-race' })).toBe(2);
    const farOffer = await s.rpc.call(PickupRpc.pickupSlots, {
      cook_id: 'cook-delivery-race',
      mode: 'delivery',
      commune_code: FAR.commune_code,
    });
    expect(farOffer).toMatchObject({ slots: [], delivery: { in_range: false } });
    // Without an address: refused before anything is held.
    await expect(deliver(far, 'cook-delivery-race', slot.start, null)).rejects.toMatchObject({
      message: PICKUP_MESSAGES.deliveryAddressRequired,
    });
  });

  it("the buyer's last delivery address is offered again, and goes with the account", async () => {
    const buyer = consumer();
    expect((await s.rpc.call(IdentityRpc.deliveryAddress, { actor: buyer })).address).toBeNull();
    const address = { ...NEAR, phone: '0612345678', city: 'Paris 2e Arrondissement' };
    await s.rpc.call(IdentityRpc.rememberDeliveryAddress, { actor: buyer, address });
    await s.rpc.call(IdentityRpc.rememberDeliveryAddress, { actor: buyer, address: { ...address, instructions: 'Code 1234' } });
    expect((await s.rpc.call(IdentityRpc.deliveryAddress, { actor: buyer })).address).toEqual({ ...address, instructions: 'Code 1234' });
    await s.erase(buyer);
    await eventually(async () => ((await s.rpc.call(IdentityRpc.deliveryAddress, { actor: buyer })).address === null ? true : undefined));
  });

  it('a paid delivery: the fee in the total without commission, the address shown to the cook once confirmed; cancelled, the fee comes back once', async () => {
    const buyer = consumer();
    const { slot } = await deliveringCook('cook-delivery-fee', [buyer], 3, 2000);
    const { checkout: held } = await deliver(buyer, 'cook-delivery-fee', slot.start);
    await s.rpc.call(PaymentsRpc.confirmSandboxPayment, { actor: buyer, checkout_id: held.checkout_id, card: VISA });
    const [order] = await s.settled(held.checkout_id, 1);
    expect(order).toMatchObject({ stock: 'committed', total_cents: 2450, delivery_option: 'delivery', delivery_fee_cents: 450 });
    expect(await loads().findOne({ _id: `cook-delivery-fee|livraison|${slot.start}` })).toMatchObject({ committed: 1 });

    // The buyer reads the address; the cook not while the order waits for confirmation, then yes.
    const mine = (await s.rpc.call(OrderingRpc.consumerOrders, { actor: buyer })).items[0];
    expect(mine).toMatchObject({ delivery_option: 'delivery', delivery_fee_cents: 450, delivery_address: { street: NEAR.street } });
    const cookView = async () =>
      (await s.rpc.call(OrderingRpc.cookOrders, { actor: cook('cook-delivery-fee') })).items.find((o) => o.order_id === order._id)!;
    expect((await cookView()).delivery_address).toBeNull();
    await s.rpc.call(OrderingRpc.changeStatus, { actor: cook('cook-delivery-fee'), order_id: order._id, to: 'confirmed' });
    expect((await cookView()).delivery_address).toMatchObject({ phone: '0612345678', instructions: 'Sonner chez Dupont' });

    // The ledger: the dishes, the commission on them only (15 % of 20 €), the fee on its own line.
    const byKind = async () =>
      Object.fromEntries((await entries().find({ order_id: order._id }).toArray()).map((e) => [e.kind, e.pending_cents]));
    await eventually(async () => ((await byKind()).delivery_fee ? true : undefined));
    expect(await byKind()).toEqual({ sale: 2000, commission: -300, delivery_fee: 450 });
    const { receipt } = await s.rpc.call(ReceiptsRpc.get, { actor: buyer, order_id: order._id });
    expect(receipt).toMatchObject({ total_cents: 2450, delivery_fee_cents: 450, commission_cents: 300, cook_cents: 2150 });

    // The cook cancels: one refund of everything, the fee included — even when the event comes again.
    await s.rpc.call(OrderingRpc.cancelOrder, { actor: cook('cook-delivery-fee'), order_id: order._id, reason: 'Empêchement' });
    const cancelled = await findEvent<{ order_id: string }>(OrderingEvents.orderCancelled.subject, (e) => e.data.order_id === order._id);
    const nc = await testNats(s.nats);
    try {
      const again = { ...cancelled, id: `${cancelled.id}-again` };
      await jetstream(nc).publish(subjectOf(OrderingEvents.orderCancelled, cancelled.data as never), JSON.stringify(again), {
        msgID: again.id,
      });
    } finally {
      await nc.close();
    }
    await eventually(async () => ((await byKind()).delivery_fee_refund ? true : undefined));
    await s.drained('payments');
    expect(await s.refunds.find({ _id: order._id }).toArray()).toEqual([expect.objectContaining({ amount_cents: 2450 })]);
    expect(await entries().countDocuments({ order_id: order._id, kind: 'delivery_fee_refund' })).toBe(1);
    const net = (await entries().find({ order_id: order._id }).toArray()).reduce((n, e) => n + e.pending_cents + e.available_cents, 0);
    expect(await byKind()).toMatchObject({ refund: -2000, commission_reversal: 300, delivery_fee_refund: -450 });
    expect(net).toBe(0);
    // The address is kept 30 days after the slot, then dropped from the order (the purge, on any replica).
    const day = 24 * 3_600_000;
    expect(await runJob<number>(s.ordering(), 'delivery-address-purge', new Date(Date.parse(slot.end) + 29 * day))).toBe(0);
    expect((await s.orders.findOne({ _id: order._id }))?.delivery_address).toMatchObject({ street: NEAR.street });
    expect(await runJob<number>(s.ordering(), 'delivery-address-purge', new Date(Date.parse(slot.end) + 31 * day))).toBe(1);
    expect(await s.orders.findOne({ _id: order._id })).toMatchObject({ delivery_address: null, address_purge_day: null });
    // The place is free again.
    await eventually(async () =>
      (await loads().findOne({ _id: `cook-delivery-fee|livraison|${slot.start}` }))?.committed === 0 ? true : undefined,
    );
  });
});
