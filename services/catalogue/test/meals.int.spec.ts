import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { CatalogueRpc, DomainError, type MealDto } from '@popote/contracts';
import { MediaStorage, RpcClient } from '@popote/platform';
import { resetJetStream, serviceEnv, startServiceApp, testRpcClient } from '@popote/testing';
import type { Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { Meal } from '../src/meals/meal.schema';
import { DEMO_MEALS } from '../src/seed/demo-data';
import { seedCatalogue } from '../src/seed/seed';

describe('catalogue: rpc.catalogue.list-meals over NATS', () => {
  let app: INestApplication;
  let rpc: RpcClient;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    await resetJetStream();
    env = serviceEnv('catalogue', __filename);
    const config = catalogueConfig(env);
    app = await startServiceApp('catalogue', AppModule.forRoot(config), config.NATS_URL);
    expect(await seedCatalogue(env)).toBe(DEMO_MEALS.length);
    rpc = await testRpcClient(config.NATS_URL);
  });

  afterAll(async () => {
    await rpc?.close();
    await app?.close();
  });

  it('lists the newest meals first, with cook name, price in cents and picture', async () => {
    const page = await rpc.call(CatalogueRpc.listMeals, {});
    expect(page.items).toHaveLength(DEMO_MEALS.length);
    expect(page.next_cursor).toBeNull();
    const dates = page.items.map((m) => m.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const tajine = page.items.find((m) => m.meal_id === 'demo-meal-tajine')!;
    expect(tajine).toMatchObject({ cook_name: 'amina_cuisine', price_cents: 1250, category: 'mediterranean' });
    expect(tajine.image_url).toBe('/media/meals/demo_demo-meal-tajine.jpg');
  });

  it('stores real JPEG pictures in object storage', async () => {
    const media = new MediaStorage(catalogueConfig(env));
    const object = await media.get('meals/demo_demo-meal-tajine.jpg');
    expect(object).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const c of object!.stream) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(object!.contentType).toBe('image/jpeg');
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  it('paginates with a cursor: every meal exactly once, stable when a newer meal arrives', async () => {
    const seen: MealDto[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof rpc.call<any, { items: MealDto[]; next_cursor: string | null }, any>>> = await rpc.call(
        CatalogueRpc.listMeals,
        { first: 3, after },
      );
      seen.push(...page.items);
      after = page.next_cursor;
      if (pages === 0) {
        // A cook publishes a meal while someone is paging: it must not shift the next pages.
        const meals = app.get<Model<Meal>>(getModelToken(Meal.name));
        await meals.create({
          ...DEMO_MEALS[0],
          _id: 'late-meal',
          cook_id: 'c',
          cook_name: 'c',
          portions_available: 1,
          price_cents: 100,
          available_date: new Date(),
        });
      }
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen.map((m) => m.meal_id).sort()).toEqual(DEMO_MEALS.map((m) => m.id).sort());
  });

  it('answers a coded error for a forged cursor', async () => {
    const err = await rpc.call(CatalogueRpc.listMeals, { after: 'not-a-cursor' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('VALIDATION_FAILED');
  });

  it('seeding again changes nothing', async () => {
    expect(await seedCatalogue(env)).toBe(0);
  });
});
