import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { CatalogueRpc, type MealDto, type MealFilter } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { resetJetStream, serviceEnv, startServiceApp, testRpcClient } from '@popote/testing';
import type { Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { nearPoint } from '../src/geo/location';
import { Meal } from '../src/meals/meal.schema';
import { NEAR_BATCH_COOKS, NEAR_BATCH_MEALS, NEAR_MAX_COOKS } from '../src/meals/nearest';
import { PickupSettings } from '../src/slots/slot.schema';
import { DEMO_MEALS } from '../src/seed/demo-data';

const BUYER = '69381'; // Lyon 1er
const COOKS = NEAR_MAX_COOKS + 30;
/** The nearest cook holds more dishes than one batch query may return. */
const PROLIFIC = NEAR_BATCH_MEALS + 20;
const cookId = (i: number) => `cap-cook-${String(i).padStart(3, '0')}`;

type Find = { cooks: string[]; batch: number | null; limit: number | undefined };

/** The cook ids a meal query names (`cook_id: x`, `cook_id: { $in }`; not `$nin`/`$ne`, which exclude). */
function cooksNamed(filter: unknown): { cooks: string[]; batch: number | null } {
  const cooks: string[] = [];
  let batch: number | null = null;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'cook_id' && typeof value === 'string') cooks.push(value);
      else if (key === 'cook_id' && Array.isArray((value as { $in?: string[] }).$in)) {
        const ids = (value as { $in: string[] }).$in;
        batch = ids.length;
        cooks.push(...ids);
      } else walk(value);
    }
  };
  walk(filter);
  return { cooks, batch };
}

describe('catalogue: nearest first stays bounded with more cooks than it visits', () => {
  let app: INestApplication;
  let rpc: RpcClient;
  let meals: Model<Meal>;
  let finds: Find[] = [];

  /** One listing request, and the meal reads it made. */
  const list = async (filter: MealFilter, first: number, after: string | null) => {
    finds = [];
    const page = await rpc.call(CatalogueRpc.listMeals, { first, after, filter });
    return { page, finds: [...finds] };
  };

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('catalogue', __filename);
    const config = catalogueConfig(env);
    app = await startServiceApp('catalogue', AppModule.forRoot(config), config.NATS_URL);
    rpc = await testRpcClient(config.NATS_URL);
    meals = app.get<Model<Meal>>(getModelToken(Meal.name));
    const pickup = app.get<Model<PickupSettings>>(getModelToken(PickupSettings.name));
    // Cooks due north of the buyer's commune centre, ~110 m apart: cook i is the (i+1)-th nearest.
    const centre = await nearPoint(BUYER);
    const location = (i: number) => ({
      commune_code: BUYER,
      commune: 'Lyon 1er Arrondissement',
      postcode: '69001',
      lat: centre.lat + 0.001 * (i + 1),
      lon: centre.lon,
    });
    await pickup.insertMany(
      Array.from({ length: COOKS }, (_, i) => ({
        _id: cookId(i),
        windows: [],
        days_off: [],
        address: null,
        location: location(i),
        cutoff_minutes: 60,
        slot_minutes: 30,
        capacity: 4,
        capacity_unit: 'orders',
      })),
    );
    const meal = (id: string, cook: string, minute: number, at: ReturnType<typeof location> | null) => ({
      ...DEMO_MEALS[0],
      _id: id,
      cook_id: cook,
      cook_name: cook,
      available_date: new Date(),
      created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)),
      portions: 3,
      portions_seq: 0,
      cook_location: at,
    });
    await meals.insertMany([
      ...Array.from({ length: PROLIFIC }, (_, k) => meal(`cap-meal-000-${k}`, cookId(0), k, location(0))),
      ...Array.from({ length: COOKS - 1 }, (_, i) => meal(`cap-meal-${cookId(i + 1)}`, cookId(i + 1), i, location(i + 1))),
      meal('cap-meal-nowhere-1', 'cap-cook-nowhere', 1, null),
      meal('cap-meal-nowhere-2', 'cap-cook-nowhere', 2, null),
    ]);
    // The listing's meal reads (the list projection leaves out the search text; other readers do not).
    meals.db.on('operation-start', (op: { collectionName: string; method: string; params: unknown[] }) => {
      const [filter, options] = op.params as [unknown, { projection?: Record<string, unknown>; limit?: number } | undefined];
      if (op.collectionName !== 'meals' || op.method !== 'find' || options?.projection?.search_text !== 0) return;
      finds.push({ ...cooksNamed(filter), limit: options.limit });
    });
  });

  afterAll(async () => {
    await rpc?.close();
    await app?.close();
  });

  it('lists only the nearest cooks, then those without a commune, each page reading a bounded number of cooks and meals', async () => {
    const seen: MealDto[] = [];
    let after: string | null = null;
    let requests = 0;
    do {
      const { page, finds: reads } = await list({ near: BUYER, sort: 'distance' }, 50, after);
      seen.push(...page.items);
      after = page.next_cursor;
      if (++requests > 100) throw new Error('pagination does not end');
      const batches = reads.filter((f) => f.batch !== null);
      expect(batches.length).toBeLessThanOrEqual(NEAR_MAX_COOKS / NEAR_BATCH_COOKS);
      expect(batches.every((f) => f.batch! <= NEAR_BATCH_COOKS)).toBe(true);
      expect(reads.reduce((n, f) => n + f.cooks.length, 0)).toBeLessThanOrEqual(NEAR_MAX_COOKS + NEAR_BATCH_COOKS);
      // Every read is limited: no query returns more than one batch's worth of meals.
      expect(reads.every((f) => f.limit !== undefined && f.limit <= NEAR_BATCH_MEALS + 1)).toBe(true);
    } while (after);

    const ids = seen.map((m) => m.meal_id);
    expect(new Set(ids).size).toBe(ids.length);
    // The prolific nearest cook first, newest first, every dish once across the pages.
    const prolific = Array.from({ length: PROLIFIC }, (_, k) => `cap-meal-000-${PROLIFIC - 1 - k}`);
    expect(ids.slice(0, PROLIFIC)).toEqual(prolific);
    // Then the other nearest cooks in order of distance, up to the cap; the farther ones are not listed.
    const nearest = Array.from({ length: NEAR_MAX_COOKS - 1 }, (_, i) => `cap-meal-${cookId(i + 1)}`);
    expect(ids.slice(PROLIFIC, PROLIFIC + NEAR_MAX_COOKS - 1)).toEqual(nearest);
    expect(new Set(seen.filter((m) => m.distance_m !== null).map((m) => m.cook_id)).size).toBe(NEAR_MAX_COOKS);
    // A located cook past the cap is not listed as one without a commune either.
    expect(ids.slice(PROLIFIC + NEAR_MAX_COOKS - 1)).toEqual(['cap-meal-nowhere-2', 'cap-meal-nowhere-1']);
  });

  it('a search no dish nearby matches reads at most the cap of cooks, in at most cap / batch queries', async () => {
    const { page, finds: reads } = await list({ near: BUYER, sort: 'distance', q: 'introuvable' }, 20, null);
    expect(page).toEqual({ items: [], next_cursor: null });
    const batches = reads.filter((f) => f.batch !== null);
    expect(batches.length).toBe(NEAR_MAX_COOKS / NEAR_BATCH_COOKS);
    expect(batches.reduce((n, f) => n + f.cooks.length, 0)).toBe(NEAR_MAX_COOKS);
    expect(new Set(batches.flatMap((f) => f.cooks))).toEqual(new Set(Array.from({ length: NEAR_MAX_COOKS }, (_, i) => cookId(i))));
  });
});
