import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { CatalogueEvents, CatalogueRpc, IdentityEvents, type CreateMealInput, type MealDto } from '@popote/contracts';
import { makeEnvelope, RpcClient } from '@popote/platform';
import {
  eventually,
  expectDomainError,
  findEvent,
  resetJetStream,
  serviceEnv,
  type ServiceUnderTest,
  serviceUnderTest,
} from '@popote/testing';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { parisDayStart } from '../src/meals/search';
import { seedCatalogue } from '../src/seed/seed';

const cookA = { user_id: 'cook-a', user_type: 'cook' as const };
const cookB = { user_id: 'cook-b', user_type: 'cook' as const };
const tomorrowNoon = new Date(parisDayStart(new Date(), 1).getTime() + 12 * 3600_000).toISOString();

const valid = (over: Partial<CreateMealInput> = {}): CreateMealInput => ({
  name: 'Blanquette de veau',
  description: 'Sauce crémeuse, champignons de Paris.',
  price_cents: 1390,
  portions_available: 4,
  ingredients: ['Crème fraîche', 'Champignons', 'Carotte'],
  allergens: ['milk'],
  category: 'french',
  preparation_time: 150,
  available_date: tomorrowNoon,
  cooking_details: '',
  serving_suggestions: '',
  dietary_info: '',
  storage_instructions: '',
  ...over,
});

describe('catalogue: managing meals, filters, search, events', () => {
  let rpc: RpcClient;
  let nc: NatsConnection;
  let under: ServiceUnderTest;
  // Calls that skip the client-side contract check, to prove the service validates by itself.
  const rawCreate = { ...CatalogueRpc.createMeal, request: z.any() } as unknown as typeof CatalogueRpc.createMeal;
  const ids = async (filter: Record<string, unknown>) =>
    (await rpc.call(CatalogueRpc.listMeals, { first: 50, filter: filter as never })).items.map((m: MealDto) => m.meal_id).sort();

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('catalogue', __filename);
    const config = catalogueConfig(env);
    ({ rpc, nc } = under = await serviceUnderTest('catalogue', AppModule.forRoot(config), config.NATS_URL));
    await seedCatalogue(env);
  });

  afterAll(async () => {
    await under?.close();
  });

  it('creates a meal for the signed-in cook and announces it', async () => {
    const { meal } = await rpc.call(CatalogueRpc.createMeal, { actor: cookA, cook_name: 'chef_a', input: valid() });
    expect(meal).toMatchObject({ cook_id: 'cook-a', cook_name: 'chef_a', price_cents: 1390, portions_available: 4, rating_average: 0 });
    const evt = await findEvent<{ meal_id: string }>(CatalogueEvents.mealCreated.subject, (e) => e.data.meal_id === meal.meal_id);
    expect(evt.data).toMatchObject({ cook_id: 'cook-a', name: 'Blanquette de veau' });
  });

  it.each([
    [{ name: '' }, 'name', 'Ce champ est obligatoire'],
    [{ ingredients: [] }, 'ingredients', 'Veuillez sélectionner au moins un ingrédient'],
    [{ ingredients: ['Caviar'] }, 'ingredients', 'Ingrédient inconnu'],
    [{ allergens: ['pollen'] }, 'allergens', 'Allergène inconnu'],
    [{ category: 'martian' }, 'category', 'Veuillez choisir une catégorie'],
    [{ price_cents: -1 }, 'price_cents', 'Le prix doit être positif ou nul'],
    [{ price_cents: 12.5 }, 'price_cents', 'Le prix se saisit au centime près'],
    [{ portions_available: 0 }, 'portions_available', 'Au moins une portion'],
    [{ preparation_time: 0 }, 'preparation_time', 'Au moins une minute'],
    [{ available_date: '' }, 'available_date', 'Veuillez indiquer la date de disponibilité'],
  ])('refuses %o: %s → %s, and saves nothing', async (over, field, message) => {
    const before = (await rpc.call(CatalogueRpc.cookMeals, { cook_id: 'cook-z' })).items.length;
    const err = await expectDomainError(
      rpc.call(rawCreate, { actor: { user_id: 'cook-z', user_type: 'cook' }, cook_name: 'z', input: { ...valid(), ...over } as never }),
    );
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.fields?.[field]).toBe(message);
    expect((await rpc.call(CatalogueRpc.cookMeals, { cook_id: 'cook-z' })).items.length).toBe(before);
  });

  it('refuses more than 40 ingredients', async () => {
    const { INGREDIENTS } = await import('@popote/contracts');
    const err = await expectDomainError(
      rpc.call(rawCreate, { actor: cookA, cook_name: 'a', input: { ...valid(), ingredients: INGREDIENTS.slice(0, 41) } as never }),
    );
    expect(err.fields?.ingredients).toBe('Vous pouvez sélectionner au plus 40 ingrédients');
  });

  it('lets only the meal’s own cook edit or delete it', async () => {
    const { meal } = await rpc.call(CatalogueRpc.createMeal, {
      actor: cookA,
      cook_name: 'chef_a',
      input: valid({ name: 'Gratin dauphinois' }),
    });
    const edit = { name: 'Gratin', description: 'x', price_cents: 100, portions_available: 0 };
    const denied = await expectDomainError(rpc.call(CatalogueRpc.updateMeal, { actor: cookB, meal_id: meal.meal_id, input: edit }));
    expect(denied).toMatchObject({ code: 'FORBIDDEN', message: "Vous n'êtes pas autorisé à modifier ce plat" });
    expect((await expectDomainError(rpc.call(CatalogueRpc.deleteMeal, { actor: cookB, meal_id: meal.meal_id }))).code).toBe('FORBIDDEN');
    // Portions may go down to 0 on edit (sold out), not below.
    const updated = await rpc.call(CatalogueRpc.updateMeal, { actor: cookA, meal_id: meal.meal_id, input: edit });
    expect(updated.meal).toMatchObject({ name: 'Gratin', portions_available: 0, price_cents: 100 });
    expect(
      (
        await expectDomainError(
          rpc.call({ ...CatalogueRpc.updateMeal, request: z.any() } as never, {
            actor: cookA,
            meal_id: meal.meal_id,
            input: { ...edit, portions_available: -1 },
          }),
        )
      ).fields?.portions_available,
    ).toBe('Le nombre de portions ne peut pas être négatif');
    await rpc.call(CatalogueRpc.deleteMeal, { actor: cookA, meal_id: meal.meal_id });
    expect((await rpc.call(CatalogueRpc.getMeal, { meal_id: meal.meal_id })).meal).toBeNull();
    expect((await expectDomainError(rpc.call(CatalogueRpc.updateMeal, { actor: cookA, meal_id: meal.meal_id, input: edit }))).message).toBe(
      'Plat non trouvé',
    );
    await findEvent<{ meal_id: string }>(CatalogueEvents.mealDeleted.subject, (e) => e.data.meal_id === meal.meal_id);
  });

  it('refuses a consumer creating a meal, whatever it sends', async () => {
    const err = await expectDomainError(
      rpc.call(CatalogueRpc.createMeal, { actor: { user_id: 'x', user_type: 'consumer' }, cook_name: 'x', input: valid() }),
    );
    expect(err.code).toBe('FORBIDDEN');
  });

  it('filters by category, price range, allergens and availability', async () => {
    expect(await ids({ category: 'french' })).toEqual(expect.arrayContaining(['demo-meal-bourguignon', 'demo-meal-quiche']));
    expect((await ids({ category: 'french' })).every((id) => !id.includes('curry'))).toBe(true);
    expect(await ids({ category: 'thai' })).toEqual(['demo-meal-curry']);
    expect(await ids({ price_range: 'under10' })).toEqual(['demo-meal-gyoza', 'demo-meal-quiche', 'demo-meal-tarte']);
    expect(await ids({ price_range: '10-20', category: 'mediterranean' })).toEqual(['demo-meal-tajine']);
    expect(await ids({ price_range: 'over30' })).toEqual([]);
    const noGluten = await ids({ without_allergens: ['gluten'] });
    expect(noGluten).toContain('demo-meal-tajine');
    expect(noGluten).not.toContain('demo-meal-quiche');
    // Demo meals are available a day after the seed; the sold-out tart never is. The Paris day that
    // falls on is read from the meal: tomorrow, but today once midnight passed since the seed (a run
    // at 23:59), and the day after tomorrow when the seed ran on the evening before the clocks go
    // forward (a 23-hour Sunday): the filters are checked against it at any hour.
    const tajineFrom = Date.parse((await rpc.call(CatalogueRpc.getMeal, { meal_id: 'demo-meal-tajine' })).meal!.available_date);
    const now = new Date();
    const day =
      tajineFrom < parisDayStart(now, 1).getTime() ? 'today' : tajineFrom < parisDayStart(now, 2).getTime() ? 'tomorrow' : 'later';
    expect(tajineFrom).toBeGreaterThan(now.getTime());
    const tomorrow = await ids({ availability: 'tomorrow' });
    expect(tomorrow.includes('demo-meal-tajine')).toBe(day === 'tomorrow');
    expect(tomorrow).not.toContain('demo-meal-tarte');
    expect((await ids({ availability: 'today' })).includes('demo-meal-tajine')).toBe(day === 'today');
    expect(await ids({ availability: 'available' })).not.toContain('demo-meal-tajine');
  });

  it('searches name, description and ingredients, ignoring case and accents', async () => {
    expect(await ids({ q: 'poulet' })).toEqual(['demo-meal-curry', 'demo-meal-tajine']);
    expect(await ids({ q: 'BOEUF' })).toEqual(['demo-meal-bourguignon']);
    expect(await ids({ q: 'gingembre porc' })).toEqual(['demo-meal-gyoza']); // every word must match
    expect(await ids({ q: 'lait de coco' })).toEqual(['demo-meal-curry']); // an ingredient
    expect(await ids({ q: 'poulet', category: 'thai' })).toEqual(['demo-meal-curry']);
    expect(await ids({ q: '.*' })).toEqual([]); // not a regex
  });

  it('pages filtered results stably', async () => {
    const first = await rpc.call(CatalogueRpc.listMeals, { first: 1, filter: { q: 'poulet' } });
    const second = await rpc.call(CatalogueRpc.listMeals, { first: 1, after: first.next_cursor, filter: { q: 'poulet' } });
    expect(first.items.map((m) => m.meal_id)).toEqual(['demo-meal-curry']);
    expect(second.items.map((m) => m.meal_id)).toEqual(['demo-meal-tajine']);
    expect(second.next_cursor).toBeNull();
  });

  it('features available meals only, most portions first', async () => {
    const { items } = await rpc.call(CatalogueRpc.featuredMeals, {});
    expect(items).toHaveLength(3);
    expect(items.every((m) => m.portions_available > 0)).toBe(true);
    const portions = items.map((m) => m.portions_available);
    expect([...portions].sort((a, b) => b - a)).toEqual(portions);
  });

  it('keeps the cook name on meals up to date from identity.profile-updated, once per event', async () => {
    const js = jetstream(nc);
    const envelope = makeEnvelope(IdentityEvents.profileUpdated, { user_id: 'demo-cook-mei', username: 'mei_cuisine', name: 'Mei Chen' });
    await js.publish(IdentityEvents.profileUpdated.subject, JSON.stringify(envelope), { msgID: envelope.id });
    const meals = await eventually(async () => {
      const { items } = await rpc.call(CatalogueRpc.cookMeals, { cook_id: 'demo-cook-mei' });
      return items.every((m) => m.cook_name === 'mei_cuisine') ? items : undefined;
    });
    expect(meals.length).toBe(3);
    expect(
      (await rpc.call(CatalogueRpc.cookMeals, { cook_id: 'demo-cook-amina' })).items.every((m) => m.cook_name === 'amina_cuisine'),
    ).toBe(true);
  });
});
