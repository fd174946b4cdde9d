import { createECDH, randomBytes } from 'node:crypto';
import { getModelToken } from '@nestjs/mongoose';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AppModule as CatalogueModule, catalogueConfig, seedCatalogue } from '@popote/catalogue/app';
import {
  AccountEvents,
  AlertsRpc,
  CatalogueRpc,
  DEFAULT_ALERT_PREFERENCES,
  exportPersonalDataRpc,
  FOLLOW_MESSAGES,
  FollowsRpc,
  ID_MESSAGES,
  subjectOf,
} from '@popote/contracts';
import { AppModule as IdentityModule, identityConfig, seedIdentity } from '@popote/identity/app';
import { makeEnvelope, RpcClient } from '@popote/platform';
import { eventually, expectDomainError, resetJetStream, serviceEnv, servicesUnderTest, type ServicesUnderTest } from '@popote/testing';
import type { Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { AlertPreferencesDoc, Favourite, Follow, PushDevice } from '../src/audience/audience.schema';
import { notificationsConfig } from '../src/config';

const AMINA = 'demo-cook-amina';
const LUCAS = 'demo-cook-lucas';
const CLAIRE = 'demo-consumer-claire';

/**
 * Follows and favourites with the real identity and catalogue they ask (a cook that exists, a dish
 * that is listed), their counts under concurrency, and their part in the export and the erasure.
 */
describe('notifications: follow a cook, favourite dishes', () => {
  let stack: ServicesUnderTest;
  let rpc: RpcClient;
  let nc: NatsConnection;
  let follows: Model<Follow>;
  let favourites: Model<Favourite>;
  const tag = Date.now().toString(36);
  let n = 0;
  const buyer = () => ({ user_id: `buyer-${tag}-${++n}`, user_type: 'consumer' as const });
  const state = (cook_id: string, actor?: { user_id: string; user_type: 'consumer' | 'cook' }) =>
    rpc.call(FollowsRpc.followState, { cook_id, ...(actor ? { actor } : {}) });

  beforeAll(async () => {
    await resetJetStream();
    const idEnv = serviceEnv('identity', __filename);
    await seedIdentity(idEnv);
    const catEnv = serviceEnv('catalogue', __filename);
    const config = notificationsConfig(serviceEnv('notifications', __filename));
    stack = await servicesUnderTest(config.NATS_URL, [
      { service: 'identity', module: IdentityModule.forRoot(identityConfig(idEnv)) },
      { service: 'catalogue', module: CatalogueModule.forRoot(catalogueConfig(catEnv)) },
      { service: 'notifications', module: AppModule.forRoot(config) },
    ]);
    await seedCatalogue(catEnv);
    ({ rpc, nc } = stack);
    const app = stack.apps.at(-1)!;
    follows = app.get(getModelToken(Follow.name));
    favourites = app.get(getModelToken(Favourite.name));
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('follows and unfollows a cook, idempotently, with the follower count of the cook page', async () => {
    const actor = buyer();
    const before = (await state(LUCAS)).followers;
    expect(await state(LUCAS, actor)).toEqual({ following: false, followers: before });
    expect(await rpc.call(FollowsRpc.setFollow, { actor, cook_id: LUCAS, follow: true })).toEqual({
      following: true,
      followers: before + 1,
    });
    expect(await rpc.call(FollowsRpc.setFollow, { actor, cook_id: LUCAS, follow: true })).toEqual({
      following: true,
      followers: before + 1,
    });
    expect(await state(LUCAS)).toEqual({ following: false, followers: before + 1 });
    expect(await state(LUCAS, actor)).toEqual({ following: true, followers: before + 1 });
    await rpc.call(FollowsRpc.setFollow, { actor, cook_id: AMINA, follow: true });
    // 'Mes cuisiniers': newest first.
    const mine = await rpc.call(FollowsRpc.followedCooks, { actor });
    expect(mine.cooks.map((c) => c.cook_id)).toEqual([AMINA, LUCAS]);
    expect(Date.parse(mine.cooks[0]!.followed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await rpc.call(FollowsRpc.setFollow, { actor, cook_id: LUCAS, follow: false })).toEqual({ following: false, followers: before });
    expect(await rpc.call(FollowsRpc.setFollow, { actor, cook_id: LUCAS, follow: false })).toEqual({ following: false, followers: before });
    expect((await rpc.call(FollowsRpc.followedCooks, { actor })).cooks.map((c) => c.cook_id)).toEqual([AMINA]);
  });

  it('refuses to follow oneself, nobody, or someone who does not cook — in French', async () => {
    const self = await expectDomainError(
      rpc.call(FollowsRpc.setFollow, { actor: { user_id: AMINA, user_type: 'cook' }, cook_id: AMINA, follow: true }),
    );
    expect(self).toMatchObject({ code: 'FORBIDDEN', message: FOLLOW_MESSAGES.notYourself });
    const actor = buyer();
    for (const cook_id of [`nobody-${tag}`, CLAIRE]) {
      const err = await expectDomainError(rpc.call(FollowsRpc.setFollow, { actor, cook_id, follow: true }));
      expect(err, cook_id).toMatchObject({ code: 'NOT_FOUND', message: FOLLOW_MESSAGES.cookNotFound });
    }
    const bad = await expectDomainError(rpc.call(FollowsRpc.setFollow, { actor, cook_id: '../../etc', follow: true }));
    expect(bad).toMatchObject({ code: 'VALIDATION_FAILED', fields: { cook_id: ID_MESSAGES.invalid } });
    expect(await follows.countDocuments({ follower_id: actor.user_id })).toBe(0);
  });

  it('counts exactly under concurrency: one buyer tapping 20 times, 20 buyers at once, some leaving meanwhile', async () => {
    const before = (await state(AMINA)).followers;
    const one = buyer();
    await Promise.all(Array.from({ length: 20 }, () => rpc.call(FollowsRpc.setFollow, { actor: one, cook_id: AMINA, follow: true })));
    expect(await state(AMINA, one)).toEqual({ following: true, followers: before + 1 });
    expect(await follows.countDocuments({ follower_id: one.user_id, cook_id: AMINA })).toBe(1);

    const crowd = Array.from({ length: 20 }, buyer);
    const answers = await Promise.all(crowd.map((actor) => rpc.call(FollowsRpc.setFollow, { actor, cook_id: AMINA, follow: true })));
    expect(answers.every((a) => a.following)).toBe(true);
    expect((await state(AMINA)).followers).toBe(before + 21);
    // Half of them tap twice more while the other half leave.
    await Promise.all(
      crowd.flatMap((actor, i) =>
        i % 2
          ? [rpc.call(FollowsRpc.setFollow, { actor, cook_id: AMINA, follow: false })]
          : [0, 1].map(() => rpc.call(FollowsRpc.setFollow, { actor, cook_id: AMINA, follow: true })),
      ),
    );
    expect((await state(AMINA)).followers).toBe(before + 11);
    expect(await follows.countDocuments({ cook_id: AMINA })).toBe(before + 11);
  });

  it('keeps favourite dishes once each, newest first, and refuses an unknown dish in French', async () => {
    const actor = buyer();
    await Promise.all(
      Array.from({ length: 10 }, () => rpc.call(FollowsRpc.setFavourite, { actor, meal_id: 'demo-meal-tajine', favourite: true })),
    );
    expect(await rpc.call(FollowsRpc.setFavourite, { actor, meal_id: 'demo-meal-curry', favourite: true })).toEqual({ favourite: true });
    expect(await favourites.countDocuments({ user_id: actor.user_id })).toBe(2);
    expect(await rpc.call(FollowsRpc.favourites, { actor })).toEqual({ meal_ids: ['demo-meal-curry', 'demo-meal-tajine'] });
    expect(await rpc.call(FollowsRpc.setFavourite, { actor, meal_id: 'demo-meal-curry', favourite: false })).toEqual({ favourite: false });
    expect(await rpc.call(FollowsRpc.setFavourite, { actor, meal_id: 'demo-meal-curry', favourite: false })).toEqual({ favourite: false });
    expect(await rpc.call(FollowsRpc.favourites, { actor })).toEqual({ meal_ids: ['demo-meal-tajine'] });
    const unknown = await expectDomainError(rpc.call(FollowsRpc.setFavourite, { actor, meal_id: `no-meal-${tag}`, favourite: true }));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: FOLLOW_MESSAGES.mealNotFound });
    expect(await rpc.call(FollowsRpc.favourites, { actor })).toEqual({ meal_ids: ['demo-meal-tajine'] });
  });

  it('drops a deleted dish from every favourites list, and refuses it from then on', async () => {
    const [a, b] = [buyer(), buyer()];
    for (const actor of [a, b]) await rpc.call(FollowsRpc.setFavourite, { actor, meal_id: 'demo-meal-gyoza', favourite: true });
    await rpc.call(FollowsRpc.setFavourite, { actor: a, meal_id: 'demo-meal-quiche', favourite: true });
    await rpc.call(CatalogueRpc.deleteMeal, { actor: { user_id: 'demo-cook-mei', user_type: 'cook' }, meal_id: 'demo-meal-gyoza' });
    await eventually(async () => ((await favourites.countDocuments({ meal_id: 'demo-meal-gyoza' })) === 0 ? true : undefined), 15_000);
    expect(await rpc.call(FollowsRpc.favourites, { actor: a })).toEqual({ meal_ids: ['demo-meal-quiche'] });
    const gone = await expectDomainError(rpc.call(FollowsRpc.setFavourite, { actor: b, meal_id: 'demo-meal-gyoza', favourite: true }));
    expect(gone).toMatchObject({ code: 'NOT_FOUND', message: FOLLOW_MESSAGES.mealNotFound });
  });

  it('exports follows, favourites, devices (no keys, no endpoint) and preferences; the erasure removes them, and a cook’s followers', async () => {
    const actor = buyer();
    await rpc.call(FollowsRpc.setFollow, { actor, cook_id: LUCAS, follow: true });
    await rpc.call(FollowsRpc.setFavourite, { actor, meal_id: 'demo-meal-bowl', favourite: true });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const secret = randomBytes(24).toString('base64url');
    const subscription = {
      endpoint: `https://updates.push.services.mozilla.com/wpush/v2/${secret}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    await rpc.call(AlertsRpc.subscribePush, { actor, subscription, user_agent: 'Firefox 140 (Linux)' });
    const chosen = { ...DEFAULT_ALERT_PREFERENCES, new_slots: { email: false, push: true } };
    await rpc.call(AlertsRpc.updatePreferences, { actor, preferences: chosen });
    // Someone following this buyer as if they cooked: not theirs to see (only who they follow).
    const fan = buyer();
    await rpc.call(FollowsRpc.setFollow, { actor: fan, cook_id: LUCAS, follow: true });
    await follows.create({ _id: `${fan.user_id}|${actor.user_id}`, follower_id: fan.user_id, cook_id: actor.user_id });

    const page = await rpc.call(exportPersonalDataRpc('notifications'), { actor, email: `x-${tag}@popote.test` });
    expect(page.next_cursor).toBeNull();
    expect(page.sections).toMatchObject({
      follows: [{ cook_id: LUCAS, followed_at: expect.any(String) }],
      favourites: [{ meal_id: 'demo-meal-bowl', added_at: expect.any(String) }],
      'push-devices': [
        {
          push_service: 'https://updates.push.services.mozilla.com',
          user_agent: 'Firefox 140 (Linux)',
          subscribed_at: expect.any(String),
          last_push_at: null,
        },
      ],
      'alert-preferences': { preferences: chosen, chosen_at: expect.any(String) },
    });
    const text = JSON.stringify(page);
    for (const hidden of [secret, subscription.keys.p256dh, subscription.keys.auth, fan.user_id]) expect(text).not.toContain(hidden);

    const models = {
      devices: stack.apps.at(-1)!.get<Model<PushDevice>>(getModelToken(PushDevice.name)),
      preferences: stack.apps.at(-1)!.get<Model<AlertPreferencesDoc>>(getModelToken(AlertPreferencesDoc.name)),
    };
    const erase = async (userId: string) => {
      const erasure = makeEnvelope(AccountEvents.erasureRequested, {
        user_id: userId,
        email: `${userId}@popote.test`,
        names: [],
        requested_at: new Date().toISOString(),
      });
      await jetstream(nc).publish(subjectOf(AccountEvents.erasureRequested, erasure.data), JSON.stringify(erasure), { msgID: erasure.id });
    };
    await erase(actor.user_id);
    await eventually(async () => ((await models.preferences.exists({ _id: actor.user_id })) ? undefined : true), 15_000);
    expect(await follows.countDocuments({ follower_id: actor.user_id })).toBe(0);
    // Erased as a cook too: nobody follows them any more.
    expect(await follows.countDocuments({ cook_id: actor.user_id })).toBe(0);
    expect(await favourites.countDocuments({ user_id: actor.user_id })).toBe(0);
    expect(await models.devices.countDocuments({ user_id: actor.user_id })).toBe(0);
    const after = await rpc.call(exportPersonalDataRpc('notifications'), { actor, email: `x-${tag}@popote.test` });
    expect(after.sections).toMatchObject({
      follows: [],
      favourites: [],
      'push-devices': [],
      'alert-preferences': { preferences: DEFAULT_ALERT_PREFERENCES, chosen_at: null },
    });
    // Other people's follows are untouched.
    expect(await state(LUCAS, fan)).toEqual({ following: true, followers: 1 });
  });
});
