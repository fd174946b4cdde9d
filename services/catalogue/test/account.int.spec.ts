import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AccountEvents, CatalogueEvents, CatalogueRpc, ERASED_NAME, exportPersonalDataRpc, subjectOf } from '@popote/contracts';
import { cardKey, makeEnvelope, MediaStorage, RpcClient } from '@popote/platform';
import { eventually, resetJetStream, serviceEnv, type ServiceUnderTest, serviceUnderTest } from '@popote/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { gratin } from './gratin';

/** The catalogue's part of the account lifecycle (ADR 0009): a cook's dishes and pictures in the export; erased (twice) from the database and the bucket. */
describe('catalogue: export and erasure of a cook', () => {
  let app: INestApplication;
  let rpc: RpcClient;
  let nc: NatsConnection;
  let under: ServiceUnderTest;
  let media: MediaStorage;
  const cook = { user_id: `cook-erase-${Date.now().toString(36)}`, user_type: 'cook' as const };

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('catalogue', __filename);
    const config = catalogueConfig(env);
    ({ app, rpc, nc } = under = await serviceUnderTest('catalogue', AppModule.forRoot(config), config.NATS_URL));
    media = new MediaStorage(config);
  });

  afterAll(async () => {
    await under?.close();
  });

  it('exports the dishes with their picture keys, then removes pictures and texts once, however often the erasure arrives', async () => {
    const key = `meals/${Date.now()}_gratin.jpg`;
    // Uploaded by the cook (the BFF records the uploader on both variants).
    await media.put(key, Buffer.from('detail'), 'image/jpeg', { uploader: cook.user_id });
    await media.put(cardKey(key), Buffer.from('card'), 'image/jpeg', { uploader: cook.user_id });
    const description = `La recette de ${cook.user_id}`;
    const { meal } = await rpc.call(CatalogueRpc.createMeal, {
      actor: cook,
      cook_name: 'chef_secret',
      input: gratin(key, { description }),
    });

    const exported = await rpc.call(exportPersonalDataRpc('catalogue'), { actor: cook, email: 'chef@popote.test' });
    expect(exported.media_keys).toEqual([key]);
    expect(exported.sections.dishes).toEqual([expect.objectContaining({ meal_id: meal.meal_id, description, portions_available: 3 })]);

    const js = jetstream(nc);
    const erasure = makeEnvelope(AccountEvents.erasureRequested, {
      user_id: cook.user_id,
      email: 'chef@popote.test',
      names: ['Chef Secret', 'chef_secret'],
      requested_at: new Date().toISOString(),
    });
    const subject = subjectOf(AccountEvents.erasureRequested, erasure.data);
    await js.publish(subject, JSON.stringify(erasure), { msgID: erasure.id });
    await js.publish(subject, JSON.stringify({ ...erasure, id: `${erasure.id}-again` }), { msgID: `${erasure.id}-again` });
    const processed = app.get<Connection>(getConnectionToken()).collection('processed_events');
    await eventually(async () => ((await processed.countDocuments({ _id: { $regex: erasure.id } as never })) === 2 ? true : undefined));

    expect(await media.exists(key)).toBe(false);
    expect(await media.exists(cardKey(key))).toBe(false);
    expect((await rpc.call(CatalogueRpc.cookMeals, { cook_id: cook.user_id })).items).toEqual([]);
    const stored = await app
      .get<Connection>(getConnectionToken())
      .collection('meals')
      .findOne({ _id: meal.meal_id as never });
    expect(stored).toMatchObject({ cook_name: ERASED_NAME, description: 'Plat supprimé', image_key: null });
    expect(JSON.stringify(stored)).not.toContain('chef_secret');
    // Withdrawn once: carts drop it, and a second delivery announced nothing more.
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info('EVENTS');
    let deleted = 0;
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage('EVENTS', { seq }).catch(() => null);
      if (m?.subject === CatalogueEvents.mealDeleted.subject && (m.json() as { data: { meal_id: string } }).data.meal_id === meal.meal_id)
        deleted++;
    }
    expect(deleted).toBe(1);
  });
  it('exports a cook with a thousand and more dishes page by page, each reply under the NATS limit, every dish and picture once', async () => {
    const owner = { user_id: `cook-many-${Date.now().toString(36)}`, user_type: 'cook' as const };
    const meals = app.get<Connection>(getConnectionToken()).collection('meals');
    const at = Date.now();
    // Straight into the store (the API would take minutes): what an old, busy cook's history looks like.
    await meals.insertMany(
      Array.from({ length: 1_500 }, (_, i) => ({
        _id: `${owner.user_id}-${i}`,
        cook_id: owner.user_id,
        cook_name: 'chef_prolifique',
        name: `Plat ${i}`,
        description: `Recette numéro ${i} : ${'mijoté longuement, '.repeat(30)}`,
        price_cents: 900,
        portions: 0,
        ingredients: ['Riz'],
        allergens: [],
        category: 'french',
        preparation_time: 30,
        available_date: new Date(at),
        image_key: i % 3 === 0 ? `meals/${i}_plat.jpg` : null,
        deleted_at: null,
        created_at: new Date(at - (i % 500) * 1000), // equal dates too: the id breaks the tie
        updated_at: new Date(at),
      })),
    );
    const dishes: { meal_id: string }[] = [];
    const pictures: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await rpc.call(exportPersonalDataRpc('catalogue'), { actor: owner, email: 'prolifique@popote.test', cursor });
      expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(1024 * 1024);
      dishes.push(...((page.sections.dishes ?? []) as { meal_id: string }[]));
      pictures.push(...page.media_keys);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBeGreaterThan(1);
    expect(dishes).toHaveLength(1_500);
    expect(new Set(dishes.map((d) => d.meal_id)).size).toBe(1_500);
    expect(new Set(pictures)).toEqual(new Set(Array.from({ length: 500 }, (_, k) => `meals/${k * 3}_plat.jpg`)));
    expect(pictures).toHaveLength(500);
  });
});
