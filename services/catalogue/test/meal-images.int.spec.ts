import type { INestApplication } from '@nestjs/common';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AccountEvents, CatalogueRpc, MEAL_MESSAGES, subjectOf, type Actor } from '@popote/contracts';
import { cardKey, makeEnvelope, MediaStorage, RpcClient } from '@popote/platform';
import { eventually, expectDomainError, resetJetStream, serviceEnv, type ServiceUnderTest, serviceUnderTest } from '@popote/testing';
import type { Connection, Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { catalogueConfig } from '../src/config';
import { Meal } from '../src/meals/meal.schema';
import { DEMO_MEALS } from '../src/seed/demo-data';
import { seedCatalogue } from '../src/seed/seed';
import { gratin } from './gratin';

const run = Date.now().toString(36);
const victim: Actor = { user_id: `img-victim-${run}`, user_type: 'cook' };
const thief: Actor = { user_id: `img-thief-${run}`, user_type: 'cook' };

/** Meal pictures belong to the cook who sent them: on a dish, and on that cook's erasure. */
describe('catalogue: meal pictures by uploader', () => {
  let app: INestApplication;
  let rpc: RpcClient;
  let nc: NatsConnection;
  let under: ServiceUnderTest;
  let media: MediaStorage;
  let n = 0;
  let env: NodeJS.ProcessEnv;

  /** A picture stored as the BFF's upload stores it (both variants), recording `uploader` if given. */
  const stored = async (uploader: string | null) => {
    const key = `meals/${Date.now()}${n++}_plat.jpg`;
    const meta = uploader ? { uploader } : {};
    await media.put(key, Buffer.from('detail'), 'image/jpeg', meta);
    await media.put(cardKey(key), Buffer.from('card'), 'image/jpeg', meta);
    return key;
  };
  const both = async (key: string) => [await media.exists(key), await media.exists(cardKey(key))];
  const erase = async (actor: Actor) => {
    const envelope = makeEnvelope(AccountEvents.erasureRequested, {
      user_id: actor.user_id,
      email: `${actor.user_id}@popote.test`,
      names: [actor.user_id],
      requested_at: new Date().toISOString(),
    });
    await jetstream(nc).publish(subjectOf(AccountEvents.erasureRequested, envelope.data), JSON.stringify(envelope), { msgID: envelope.id });
    const processed = app.get<Connection>(getConnectionToken()).collection('processed_events');
    await eventually(async () => ((await processed.countDocuments({ _id: { $regex: envelope.id } as never })) === 1 ? true : undefined));
  };

  beforeAll(async () => {
    await resetJetStream();
    env = serviceEnv('catalogue', __filename);
    const config = catalogueConfig(env);
    ({ app, rpc, nc } = under = await serviceUnderTest('catalogue', AppModule.forRoot(config), config.NATS_URL));
    await seedCatalogue(env);
    media = new MediaStorage(config);
  });

  afterAll(async () => {
    await under?.close();
  });

  it('accepts on a new dish only a stored picture its cook sent, in French otherwise, and saves nothing refused', async () => {
    const victimKey = await stored(victim.user_id);
    const before = (await rpc.call(CatalogueRpc.cookMeals, { cook_id: thief.user_id })).items.length;
    const refusals: [string, string][] = [
      [victimKey, MEAL_MESSAGES.imageNotYours], // another cook's upload
      [await stored(null), MEAL_MESSAGES.imageNotYours], // nobody on record
      ['meals/1_inconnu.png', MEAL_MESSAGES.imageUnknown], // never uploaded
    ];
    for (const [key, message] of refusals) {
      const err = await expectDomainError(rpc.call(CatalogueRpc.createMeal, { actor: thief, cook_name: 'voleur', input: gratin(key) }));
      expect(err, key).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { image_key: message } });
    }
    expect((await rpc.call(CatalogueRpc.cookMeals, { cook_id: thief.user_id })).items.length).toBe(before);

    const own = await stored(victim.user_id);
    const { meal } = await rpc.call(CatalogueRpc.createMeal, { actor: victim, cook_name: 'victime', input: gratin(own) });
    expect(meal.image_url).toBe(`/media/${own}`);
  });

  it('accepts on an edit only the cook’s own new picture, and keeps the one the dish already shows', async () => {
    const first = await stored(thief.user_id);
    const { meal } = await rpc.call(CatalogueRpc.createMeal, { actor: thief, cook_name: 'voleur', input: gratin(first) });
    const edit = (image_key: string | null) => ({ name: 'Gratin', description: 'x', price_cents: 900, portions_available: 3, image_key });
    const victimKey = await stored(victim.user_id);
    for (const [key, message] of [
      [victimKey, MEAL_MESSAGES.imageNotYours],
      ['meals/2_inconnu.jpg', MEAL_MESSAGES.imageUnknown],
    ] as const) {
      const err = await expectDomainError(rpc.call(CatalogueRpc.updateMeal, { actor: thief, meal_id: meal.meal_id, input: edit(key) }));
      expect(err, key).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { image_key: message } });
    }
    expect((await rpc.call(CatalogueRpc.getMeal, { meal_id: meal.meal_id })).meal?.image_url).toBe(`/media/${first}`);
    // The same picture again, and then a new picture of the cook's own.
    await rpc.call(CatalogueRpc.updateMeal, { actor: thief, meal_id: meal.meal_id, input: edit(first) });
    const second = await stored(thief.user_id);
    const updated = await rpc.call(CatalogueRpc.updateMeal, { actor: thief, meal_id: meal.meal_id, input: edit(second) });
    expect(updated.meal.image_url).toBe(`/media/${second}`);
  });

  it('records the demo cooks as the uploaders of the seeded pictures, those stored by an older seed too', async () => {
    const demo = DEMO_MEALS[0]!;
    const key = `meals/demo_${demo.id}.jpg`;
    expect((await media.stat(key))?.meta).toEqual({ uploader: demo.cook.id });
    expect((await media.stat(cardKey(key)))?.meta).toEqual({ uploader: demo.cook.id });
    // A picture an older seed stored without its uploader gets it at the next seed.
    await media.put(key, Buffer.from('old'), 'image/jpeg');
    expect((await media.stat(key))?.meta).toEqual({});
    await seedCatalogue(env);
    expect((await media.stat(key))?.meta).toEqual({ uploader: demo.cook.id });
    // The demo cook edits the seeded dish; its picture stays.
    const cook: Actor = { user_id: demo.cook.id, user_type: 'cook' };
    const edit = { name: demo.name, description: demo.description, price_cents: demo.price_cents, portions_available: demo.portions };
    const { meal } = await rpc.call(CatalogueRpc.updateMeal, { actor: cook, meal_id: demo.id, input: edit });
    expect(meal.image_url).toBe(`/media/${key}`);
  });

  it('erases only the erased cook’s pictures that no other cook’s dish shows', async () => {
    const meals = app.get<Connection>(getConnectionToken()).collection('meals');
    const mealModel = app.get<Model<Meal>>(getModelToken(Meal.name));
    const eraser: Actor = { user_id: `img-eraser-${run}`, user_type: 'cook' };
    const bystander: Actor = { user_id: `img-bystander-${run}`, user_type: 'cook' };
    // The eraser's own picture: goes.
    const own = await stored(eraser.user_id);
    // The victim's picture, on the victim's dish and on a dish of the eraser's saved before pictures were checked: stays.
    const victims = await stored(victim.user_id);
    await rpc.call(CatalogueRpc.createMeal, { actor: victim, cook_name: 'victime', input: gratin(victims) });
    // The victim's picture, shown by no dish of the victim's (yet): stays, it is still theirs.
    const victimsUnused = await stored(victim.user_id);
    // Pictures stored before uploaders were recorded: the one another cook's dish shows stays, the eraser's alone goes.
    const legacyShared = await stored(null);
    const legacyAlone = await stored(null);
    // Dishes saved before pictures were checked (written as they stood, no outbox left to relay).
    const dish = (id: string, cook: Actor, image_key: string) => ({
      ...DEMO_MEALS[0],
      _id: id,
      cook_id: cook.user_id,
      cook_name: cook.user_id,
      available_date: new Date(),
      image_key,
    });
    const keys = [own, victims, victimsUnused, legacyShared, legacyAlone];
    const dishes = keys.map((_, i) => `img-eraser-meal-${run}-${i}`);
    await mealModel.insertMany([
      dish(`img-bystander-meal-${run}`, bystander, legacyShared),
      ...keys.map((key, i) => dish(dishes[i]!, eraser, key)),
    ]);

    await erase(eraser);

    expect(await both(own)).toEqual([false, false]);
    expect(await both(legacyAlone)).toEqual([false, false]);
    expect(await both(victims)).toEqual([true, true]);
    expect(await both(victimsUnused)).toEqual([true, true]);
    expect(await both(legacyShared)).toEqual([true, true]);
    // The eraser's dishes no longer name any picture.
    expect(await meals.countDocuments({ _id: { $in: dishes } as never, image_key: { $ne: null } })).toBe(0);
  });
});
