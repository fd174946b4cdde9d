import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import {
  CatalogueRpc,
  DomainError,
  NEAR_MESSAGES,
  PICKUP_FIELD_MESSAGES,
  PICKUP_MESSAGES,
  PickupRpc,
  type MealDto,
  type MealFilter,
} from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { resetJetStream, serviceEnv, startServiceApp, testRpcClient } from '@popote/testing';
import type { Model } from 'mongoose';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { communes } from '../src/geo/communes';
import { haversineMetres } from '../src/geo/distance';
import { Meal } from '../src/meals/meal.schema';
import { DEMO_MEALS } from '../src/seed/demo-data';
import { seedCatalogue } from '../src/seed/seed';
import { SlotsService } from '../src/slots/slots.service';
import { rules } from './pickup-rules';

/** Cooks around Lyon 1er (the buyer), by commune: [INSEE code, postcode]. */
const PLACES: [string, string][] = [
  ['69381', '69001'], // Lyon 1er: 0 km
  ['69382', '69002'], // Lyon 2e
  ['69384', '69004'], // Lyon 4e
  ['69386', '69006'], // Lyon 6e
  ['69389', '69009'], // Lyon 9e
  ['69266', '69100'], // Villeurbanne
  ['69034', '69300'], // Caluire-et-Cuire
  ['69259', '69200'], // Vénissieux
  ['69290', '69800'], // Saint-Priest
  ['75109', '75009'], // Paris 9e: far away
];
const BUYER = '69381';

describe('catalogue: near me (radius, nearest first, pagination) on FerretDB', () => {
  let app: INestApplication;
  let rpc: RpcClient;
  let meals: Model<Meal>;
  const cookCommune = new Map<string, string>(); // cook id → INSEE code

  const list = async (filter: MealFilter, first = 50, after: string | null = null) =>
    rpc.call(CatalogueRpc.listMeals, { first, after, filter });
  const all = async (filter: MealFilter, first: number) => {
    const seen: MealDto[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: { items: MealDto[]; next_cursor: string | null } = await list(filter, first, after);
      seen.push(...page.items);
      after = page.next_cursor;
      if (++pages > 200) throw new Error('pagination does not end');
    } while (after);
    return { seen, pages };
  };
  const refused = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as DomainError,
    );

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('catalogue', __filename);
    const config = catalogueConfig(env);
    app = await startServiceApp('catalogue', AppModule.forRoot(config), config.NATS_URL);
    await seedCatalogue(env); // the demo cooks: Lyon 7e, Lyon 3e, Villeurbanne
    rpc = await testRpcClient(config.NATS_URL);
    meals = app.get<Model<Meal>>(getModelToken(Meal.name));
    // Two cooks per commune (through the real pick-up form's path), three dishes each, created a minute apart.
    let minute = 0;
    for (const [i, [code, postcode]] of PLACES.entries()) {
      for (const k of [0, 1]) {
        const cookId = `near-cook-${i}-${k}`;
        await rpc.call(PickupRpc.updatePickupSettings, { actor: { user_id: cookId, user_type: 'cook' }, input: rules(postcode, code) });
        cookCommune.set(cookId, code);
        for (let d = 0; d < 3; d++)
          await meals.create({
            ...DEMO_MEALS[0],
            _id: `near-meal-${i}-${k}-${d}`,
            cook_id: cookId,
            cook_name: cookId,
            available_date: new Date(),
            created_at: new Date(Date.UTC(2026, 0, 1, 12, minute++)),
          });
      }
    }
    // A cook without pick-up settings: no commune, no distance, listed last when sorted by distance.
    await meals.create({
      ...DEMO_MEALS[0],
      _id: 'near-meal-nowhere',
      cook_id: 'near-cook-nowhere',
      cook_name: 'x',
      available_date: new Date(),
    });
    // Cards written here, not by the service: their copy of the cook's commune as the service's reconciliation makes it.
    await app.get(SlotsService).reconcileLocations();
  });

  afterAll(async () => {
    await rpc?.close();
    await app?.close();
  });

  it('checks the cook’s commune against the postcode, in French, and stores the commune centre', async () => {
    const actor = { user_id: 'near-form-cook', user_type: 'cook' as const };
    const unknown = await refused(rpc.call(PickupRpc.updatePickupSettings, { actor, input: rules('69999', '69381') }));
    expect(unknown?.code).toBe('VALIDATION_FAILED');
    expect(unknown?.fields).toEqual({ 'address.postcode': PICKUP_MESSAGES.postcodeUnknown });
    const mismatch = await refused(rpc.call(PickupRpc.updatePickupSettings, { actor, input: rules('69002', '69381') }));
    expect(mismatch?.fields).toEqual({ 'address.commune_code': PICKUP_MESSAGES.communeMismatch });
    const noSuch = await refused(rpc.call(PickupRpc.updatePickupSettings, { actor, input: rules('69001', '69999') }));
    expect(noSuch?.fields).toEqual({ 'address.commune_code': PICKUP_MESSAGES.communeUnknown });
    // Nothing was half-saved by the refusals.
    expect((await rpc.call(PickupRpc.pickupSettings, { actor })).settings).toBeNull();

    const { settings } = await rpc.call(PickupRpc.updatePickupSettings, { actor, input: rules('69001', '69381') });
    expect(settings.address).toEqual({
      street: '1 rue du Test',
      postcode: '69001',
      city: 'Lyon 1er Arrondissement',
      commune_code: '69381',
    });
    expect(settings.location).toMatchObject({ commune_code: '69381', commune: 'Lyon 1er Arrondissement', postcode: '69001' });
    expect(settings.location!.lat).toBeCloseTo(45.77, 1);
    expect(settings.location!.lon).toBeCloseTo(4.83, 1);
  });

  it('keeps the cook’s delivery rules with the pick-up ones (ADR 0044): refused in French without an address, saved whole, off when left out', async () => {
    const actor = { user_id: 'near-delivery-cook', user_type: 'cook' as const };
    const delivery = {
      enabled: true,
      radius_km: 5,
      fee_cents: 500,
      free_above_cents: 4000,
      windows: [{ weekday: 5, start: '18:00', end: '20:00' }],
      slot_minutes: 30 as const,
      cutoff_minutes: 60,
      capacity: 3,
    };
    const noAddress = await refused(
      rpc.call(PickupRpc.updatePickupSettings, { actor, input: { ...rules('69001', '69381'), address: null, delivery } }),
    );
    expect(noAddress?.code).toBe('VALIDATION_FAILED');
    expect(Object.values(noAddress?.fields ?? {})).toEqual([PICKUP_FIELD_MESSAGES.deliveryNeedsAddress]);
    expect((await rpc.call(PickupRpc.pickupSettings, { actor })).settings).toBeNull();

    const saved = (await rpc.call(PickupRpc.updatePickupSettings, { actor, input: { ...rules('69001', '69381'), delivery } })).settings;
    expect(saved.delivery).toEqual(delivery);
    expect((await rpc.call(PickupRpc.pickupSettings, { actor })).settings?.delivery).toEqual(delivery);
    // Saved again without it (a form of before): delivery is off, the pick-up rules unchanged.
    const again = (await rpc.call(PickupRpc.updatePickupSettings, { actor, input: rules('69001', '69381') })).settings;
    expect(again.delivery).toBeNull();
    expect(again.windows).toEqual(saved.windows);
  });

  it('refuses a day off that is not in the calendar, in French, and keeps the saved settings', async () => {
    const actor = { user_id: 'near-days-off-cook', user_type: 'cook' as const };
    // Past the client's own check of the contract: the service validates by itself.
    const raw = { ...PickupRpc.updatePickupSettings, request: z.any() } as unknown as typeof PickupRpc.updatePickupSettings;
    const saved = await rpc.call(PickupRpc.updatePickupSettings, {
      actor,
      input: { ...rules('69001', '69381'), days_off: ['2026-12-25'] },
    });
    expect(saved.settings.days_off).toEqual(['2026-12-25']);
    for (const day of ['2026-13-45', '2027-02-29', '2026-06-31']) {
      const bad = await refused(rpc.call(raw, { actor, input: { ...rules('69001', '69381'), days_off: ['2026-12-24', day] } }));
      expect(bad?.code, day).toBe('VALIDATION_FAILED');
      expect(bad?.fields, day).toEqual({ days_off: PICKUP_MESSAGES.dateUnknown });
    }
    expect((await rpc.call(PickupRpc.pickupSettings, { actor })).settings?.days_off).toEqual(['2026-12-25']);
  });

  it('shows each meal’s cook commune and, with `near`, the distance between commune centres', async () => {
    const index = await communes();
    const items = (await all({ near: BUYER }, 50)).seen;
    const buyer = index.byInsee(BUYER)!;
    for (const m of items) {
      const code = cookCommune.get(m.cook_id);
      if (!code) continue;
      const c = index.byInsee(code)!;
      expect(m.cook_commune).toBe(c.name);
      expect(m.distance_m).toBe(haversineMetres({ lat: buyer.lat!, lon: buyer.lon! }, { lat: c.lat!, lon: c.lon! }));
    }
    expect(items.find((m) => m.meal_id === 'near-meal-nowhere')).toMatchObject({ cook_commune: null, distance_m: null });
    // Without `near`: the commune, no distance.
    const plain = (await all({}, 50)).seen;
    expect(plain.find((m) => m.meal_id === 'near-meal-0-0-0')).toMatchObject({
      cook_commune: 'Lyon 1er Arrondissement',
      distance_m: null,
    });
  });

  it('filters by radius: exactly the cooks within it, whatever the page size', async () => {
    const everything = (await all({ near: BUYER }, 50)).seen;
    for (const radius of [1, 3, 5, 10] as const) {
      const expected = everything.filter((m) => m.distance_m !== null && m.distance_m! <= radius * 1000).map((m) => m.meal_id);
      const { seen } = await all({ near: BUYER, radius_km: radius }, 4);
      expect(seen.map((m) => m.meal_id).sort(), `${radius} km`).toEqual([...expected].sort());
      expect(seen.every((m) => m.distance_m! <= radius * 1000)).toBe(true);
    }
    // Paris is never within 10 km of Lyon; Lyon 1er's own cooks always are.
    const ten = (await all({ near: BUYER, radius_km: 10 }, 50)).seen;
    expect(ten.some((m) => m.cook_id.startsWith('near-cook-9-'))).toBe(false);
    expect(ten.some((m) => m.cook_id.startsWith('near-cook-0-'))).toBe(true);
  });

  it('lists nearest first across pages: each meal once, distances never decrease, newest first per cook, no commune last', async () => {
    const whole = (await all({ near: BUYER, sort: 'distance' }, 50)).seen;
    for (const size of [1, 2, 5, 7]) {
      const { seen } = await all({ near: BUYER, sort: 'distance' }, size);
      expect(
        seen.map((m) => m.meal_id),
        `pages of ${size}`,
      ).toEqual(whole.map((m) => m.meal_id));
    }
    expect(new Set(whole.map((m) => m.meal_id)).size).toBe(whole.length);
    const located = whole.filter((m) => m.distance_m !== null);
    for (let i = 1; i < located.length; i++) expect(located[i]!.distance_m!).toBeGreaterThanOrEqual(located[i - 1]!.distance_m!);
    expect(whole.at(-1)!.meal_id).toBe('near-meal-nowhere');
    const ofCook = whole.filter((m) => m.cook_id === 'near-cook-3-1').map((m) => m.created_at);
    expect(ofCook).toEqual([...ofCook].sort().reverse());
    expect(whole[0]!.distance_m).toBe(0); // Lyon 1er's own cooks first
  });

  it('combines radius, nearest first, the other filters and pagination', async () => {
    const expected = (await all({ near: BUYER, sort: 'distance' }, 50)).seen
      .filter((m) => m.distance_m !== null && m.distance_m! <= 3000 && m.category === DEMO_MEALS[0]!.category)
      .map((m) => m.meal_id);
    const { seen, pages } = await all({ near: BUYER, radius_km: 3, sort: 'distance', category: DEMO_MEALS[0]!.category }, 3);
    expect(seen.map((m) => m.meal_id)).toEqual(expected);
    expect(pages).toBe(Math.max(1, Math.ceil(expected.length / 3)));
  });

  it('refuses bad input with French messages', async () => {
    const radius = await refused(list({ near: BUYER, radius_km: 7 }));
    expect(radius?.code).toBe('VALIDATION_FAILED');
    expect(radius?.message).toBe(NEAR_MESSAGES.radius);
    expect(radius?.fields).toEqual({ radius_km: NEAR_MESSAGES.radius });
    const noNear = await refused(list({ radius_km: 3 }));
    expect(noNear?.message).toBe(NEAR_MESSAGES.nearRequired);
    const sortNoNear = await refused(list({ sort: 'distance' }));
    expect(sortNoNear?.message).toBe(NEAR_MESSAGES.nearRequired);
    const unknown = await refused(list({ near: '99999' }));
    expect(unknown?.message).toBe(NEAR_MESSAGES.nearUnknown);
    const malformed = await refused(list({ near: 'Lyon' }));
    expect(malformed?.fields).toEqual({ near: NEAR_MESSAGES.nearInvalid });
    const forged = await refused(list({ near: BUYER, sort: 'distance' }, 2, Buffer.from('["d",-5,"x","nope","y"]').toString('base64url')));
    expect(forged?.code).toBe('VALIDATION_FAILED');
  });

  it('answers the communes autocomplete and the home and cook page reads with distances', async () => {
    const { items } = await rpc.call(CatalogueRpc.searchCommunes, { query: 'lyon 1' });
    expect(items.map((c) => c.code)).toContain('69381');
    expect((await rpc.call(CatalogueRpc.searchCommunes, { query: 'VENISSIEUX' })).items[0]).toMatchObject({
      code: '69259',
      has_position: true,
    });
    expect((await rpc.call(CatalogueRpc.getCommune, { code: '99999' })).commune).toBeNull();
    const cook = await rpc.call(CatalogueRpc.cookMeals, { cook_id: 'near-cook-5-0', near: BUYER });
    expect(cook.items.every((m) => m.cook_commune === 'Villeurbanne' && m.distance_m! > 2000 && m.distance_m! < 6000)).toBe(true);
  });

  it('measures the cost of near reads on FerretDB (reported in ADR 0010, not asserted)', async () => {
    const time = async (label: string, filter: MealFilter) => {
      const runs: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        await list(filter, 20);
        runs.push(performance.now() - t);
      }
      runs.sort((a, b) => a - b);
      return `${label}: median ${runs[7]!.toFixed(1)} ms`;
    };
    const count = await meals.countDocuments();
    const lines = [
      await time('newest first', {}),
      await time('near, newest first', { near: BUYER }),
      await time('radius 3 km', { near: BUYER, radius_km: 3 }),
      await time('nearest first', { near: BUYER, sort: 'distance' }),
      await time('radius 3 km, nearest first', { near: BUYER, radius_km: 3, sort: 'distance' }),
    ];
    console.log(`near reads, ${count} meals, ${cookCommune.size + 3} located cooks, pages of 20:\n  ${lines.join('\n  ')}`);
    expect(lines).toHaveLength(5);
  });
});
