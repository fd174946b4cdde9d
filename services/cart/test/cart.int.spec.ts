import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AppModule as CatalogueModule, catalogueConfig, seedCatalogue } from '@popote/catalogue/app';
import { CartRpc, CatalogueRpc, OrderingEvents, subjectOf } from '@popote/contracts';
import { makeEnvelope, RpcClient } from '@popote/platform';
import { eventually, expectDomainError, resetJetStream, serviceEnv, servicesUnderTest, type ServicesUnderTest } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { cartConfig } from '../src/config';

let n = 0;
const consumer = () => ({ user_id: `consumer-${++n}-${Date.now()}`, user_type: 'consumer' as const });

describe('cart: a server-side cart within stock', () => {
  let under: ServicesUnderTest;
  let rpc: RpcClient;
  let nc: NatsConnection;

  beforeAll(async () => {
    await resetJetStream();
    const catEnv = serviceEnv('catalogue', __filename);
    const config = cartConfig(serviceEnv('cart', __filename));
    ({ rpc, nc } = under = await servicesUnderTest(config.NATS_URL, [
      { service: 'catalogue', module: CatalogueModule.forRoot(catalogueConfig(catEnv)) },
      { service: 'cart', module: AppModule.forRoot(config) },
    ]));
    await seedCatalogue(catEnv);
  });

  afterAll(async () => {
    await under?.close();
  });

  it('starts empty, adds lines with the current meal, and adding again increases the line', async () => {
    const actor = consumer();
    expect(await rpc.call(CartRpc.getCart, { actor })).toMatchObject({ items: [], item_count: 0, total_cents: 0 });
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-tajine', quantity: 2 });
    const cart = await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-tajine', quantity: 1 });
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      meal_id: 'demo-meal-tajine',
      quantity: 3,
      line_total_cents: 3750,
      meal: { name: 'Tajine de poulet aux citrons confits', portions_available: 6 },
    });
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-quiche', quantity: 1 });
    const both = await rpc.call(CartRpc.getCart, { actor });
    expect(both).toMatchObject({ item_count: 4, subtotal_cents: 3750 + 650, total_cents: 3750 + 650 });
  });

  it('never goes above stock, when adding or setting, with the remaining count in French', async () => {
    const actor = consumer();
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-couscous', quantity: 2 }); // stock 2
    const more = await expectDomainError(rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-couscous', quantity: 1 }));
    expect(more).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: 'Stock insuffisant. Il ne reste que 2 portion(s)' });
    const set = await expectDomainError(rpc.call(CartRpc.setQuantity, { actor, meal_id: 'demo-meal-couscous', quantity: 3 }));
    expect(set.code).toBe('INSUFFICIENT_STOCK');
    const soldOut = await expectDomainError(rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-tarte', quantity: 1 }));
    expect(soldOut.message).toBe('Stock insuffisant');
    expect((await rpc.call(CartRpc.getCart, { actor })).items[0].quantity).toBe(2);
  });

  it("refuses a cook's own dishes, in either role, so nobody orders or reviews their own cooking", async () => {
    for (const user_type of ['cook', 'consumer'] as const) {
      const amina = { user_id: 'demo-cook-amina', user_type };
      const add = await expectDomainError(rpc.call(CartRpc.addItem, { actor: amina, meal_id: 'demo-meal-tajine', quantity: 1 }));
      expect(add).toMatchObject({ code: 'FORBIDDEN', message: 'Vous ne pouvez pas commander vos propres plats' });
      const set = await expectDomainError(rpc.call(CartRpc.setQuantity, { actor: amina, meal_id: 'demo-meal-tajine', quantity: 2 }));
      expect(set.code).toBe('FORBIDDEN');
      expect((await rpc.call(CartRpc.getCart, { actor: amina })).items).toEqual([]);
    }
    // Another cook's dish is fine.
    const other = await rpc.call(CartRpc.addItem, {
      actor: { user_id: 'demo-cook-amina', user_type: 'cook' },
      meal_id: 'demo-meal-quiche',
      quantity: 1,
    });
    expect(other.items.map((l) => l.meal_id)).toEqual(['demo-meal-quiche']);
  });

  it('refuses a meal that no longer exists', async () => {
    const err = await expectDomainError(rpc.call(CartRpc.addItem, { actor: consumer(), meal_id: 'nope', quantity: 1 }));
    expect(err).toMatchObject({ code: 'MEAL_NOT_FOUND', message: "Ce plat n'est plus disponible" });
  });

  it('removes a line at quantity 0 or below, and clears', async () => {
    const actor = consumer();
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bowl', quantity: 2 });
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-gyoza', quantity: 1 });
    expect((await rpc.call(CartRpc.setQuantity, { actor, meal_id: 'demo-meal-bowl', quantity: 0 })).items.map((l) => l.meal_id)).toEqual([
      'demo-meal-gyoza',
    ]);
    expect((await rpc.call(CartRpc.setQuantity, { actor, meal_id: 'demo-meal-gyoza', quantity: -3 })).items).toEqual([]);
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bowl', quantity: 1 });
    expect((await rpc.call(CartRpc.clear, { actor })).items).toEqual([]);
  });

  it('concurrent adds from two tabs never leave a line above stock', async () => {
    const actor = consumer();
    // Gyozas: 3 portions. Ten tabs each add one at the same time.
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-gyoza', quantity: 1 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await rpc.call(CartRpc.getCart, { actor })).items[0].quantity).toBe(3);
  });

  it('runs the checkout checks: not empty, each line within the current stock', async () => {
    const actor = consumer();
    expect((await expectDomainError(rpc.call(CartRpc.checkout, { actor }))).message).toBe('Votre panier est vide');
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bourguignon', quantity: 3 });
    const ok = await rpc.call(CartRpc.checkout, { actor });
    expect(ok.total_cents).toBe(4350);
    // The cook lowers the stock below what is in the cart.
    await rpc.call(CatalogueRpc.updateMeal, {
      actor: { user_id: 'demo-cook-lucas', user_type: 'cook' },
      meal_id: 'demo-meal-bourguignon',
      input: { name: 'Bœuf bourguignon', description: 'Le classique du dimanche.', price_cents: 1450, portions_available: 2 },
    });
    const low = await expectDomainError(rpc.call(CartRpc.checkout, { actor }));
    expect(low).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: 'Stock insuffisant pour Bœuf bourguignon' });
  });

  it('gives payments the stored lines in the order they were added, and refuses an empty cart in French', async () => {
    const actor = consumer();
    expect((await expectDomainError(rpc.call(CartRpc.lines, { actor }))).message).toBe('Votre panier est vide');
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-gyoza', quantity: 1 });
    const added = await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bourguignon', quantity: 2 });
    // The answer to an add is the cart as written, with every line's meal.
    expect(added.items.map((l) => [l.meal_id, l.quantity, l.meal.name])).toEqual([
      ['demo-meal-gyoza', 1, expect.any(String)],
      ['demo-meal-bourguignon', 2, 'Bœuf bourguignon'],
    ]);
    expect(added).toEqual(await rpc.call(CartRpc.getCart, { actor }));
    expect(await rpc.call(CartRpc.lines, { actor })).toEqual({
      lines: [
        { meal_id: 'demo-meal-gyoza', quantity: 1 },
        { meal_id: 'demo-meal-bourguignon', quantity: 2 },
      ],
    });
  });

  it('drops lines of a deleted meal (event, and again on load)', async () => {
    const cook = { user_id: 'cook-del', user_type: 'cook' as const };
    const { meal } = await rpc.call(CatalogueRpc.createMeal, {
      actor: cook,
      cook_name: 'del',
      input: {
        name: 'Éphémère',
        description: 'x',
        price_cents: 500,
        portions_available: 5,
        ingredients: ['Ail'],
        allergens: [],
        category: 'french',
        preparation_time: 5,
        available_date: new Date().toISOString(),
        cooking_details: '',
        serving_suggestions: '',
        dietary_info: '',
        storage_instructions: '',
      },
    });
    const a = consumer();
    await rpc.call(CartRpc.addItem, { actor: a, meal_id: meal.meal_id, quantity: 1 });
    await rpc.call(CartRpc.addItem, { actor: a, meal_id: 'demo-meal-bowl', quantity: 1 });
    await rpc.call(CatalogueRpc.deleteMeal, { actor: cook, meal_id: meal.meal_id });
    const cart = await eventually(async () => {
      const c = await rpc.call(CartRpc.getCart, { actor: a });
      return c.items.length === 1 ? c : undefined;
    });
    expect(cart.items.map((l) => l.meal_id)).toEqual(['demo-meal-bowl']);
  });

  it('drops what was bought once the order is placed, keeping what was added since, once per order', async () => {
    const actor = consumer();
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-bowl', quantity: 3 });
    await rpc.call(CartRpc.addItem, { actor, meal_id: 'demo-meal-curry', quantity: 1 });
    const js = jetstream(nc);
    const placed = makeEnvelope(OrderingEvents.orderPlaced, {
      order_id: 'order-1',
      checkout_id: 'co-1',
      consumer_id: actor.user_id,
      cook_id: 'demo-cook-mei',
      total_cents: 1050 * 2,
      items: [{ meal_id: 'demo-meal-bowl', quantity: 2, price_cents: 1050 }],
    });
    await js.publish(subjectOf(OrderingEvents.orderPlaced, placed.data), JSON.stringify(placed), { msgID: placed.id });
    await js.publish(subjectOf(OrderingEvents.orderPlaced, placed.data), JSON.stringify({ ...placed, id: `${placed.id}-again` }), {
      msgID: `${placed.id}-again`,
    });
    const cart = await eventually(async () => {
      const c = await rpc.call(CartRpc.getCart, { actor });
      return c.items.find((l) => l.meal_id === 'demo-meal-bowl')?.quantity === 1 ? c : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect((await rpc.call(CartRpc.getCart, { actor })).items.map((l) => [l.meal_id, l.quantity])).toEqual([
      ['demo-meal-bowl', 1],
      ['demo-meal-curry', 1],
    ]);
    expect(cart.items).toHaveLength(2);
  });
});
