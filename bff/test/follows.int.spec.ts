import type { INestApplication } from '@nestjs/common';
import { FollowsRpc, type RpcContract } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { GqlSession, natsCredentials, PICKUP_ALL_DAY, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as CatalogueModule } from '../../services/catalogue/src/app.module';
import { catalogueConfig } from '../../services/catalogue/src/config';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { identityConfig } from '../../services/identity/src/config';
import { markEmailVerified, markSellerVerified } from '../../services/identity/test/fixtures';
import { AppModule as NotificationsModule } from '../../services/notifications/src/app.module';
import { unsubscribeKey, unsubscribeToken } from '../../services/notifications/src/alerts/unsubscribe-token';
import { notificationsConfig } from '../../services/notifications/src/config';
import { browserSubscription } from './push-subscription';
import { bffConfig, startBff } from './support/bff';

type Result = Awaited<ReturnType<GqlSession['gql']>>;

let n = 0;
const uid = () => `${Date.now() % 1_000_000}${++n}`;
const MEAL_INPUT = {
  description: 'Mijoté',
  price_cents: 900,
  portions_available: 5,
  ingredients: ['Riz'],
  allergens: [],
  category: 'healthy',
  preparation_time: 20,
  available_date: new Date().toISOString(),
};

const codeOf = (r: Result) => r.errors?.[0]?.extensions?.code;

describe('bff: following cooks, favourite dishes and alert settings (GraphQL → notifications)', () => {
  const apps: INestApplication[] = [];
  let identity: INestApplication;
  let bff: INestApplication;
  let url: string;
  /** The key notifications signs the unsubscribe links of its emails with. */
  let linkKey: Buffer;
  let buyer: GqlSession;
  let cook: GqlSession;
  let cookId: string;
  let cookName: string;
  /** Subjects of the BFF's RPC calls, in order (the real client, counted). */
  const calls: string[] = [];

  const ok = async (s: GqlSession, query: string, variables: Record<string, unknown> = {}) => {
    const r = await s.gql(query, variables);
    expect(r.errors, query).toBeUndefined();
    return r.data as Record<string, any>;
  };
  const account = async (user_type: 'consumer' | 'cook') => {
    const s = new GqlSession(url);
    const username = `f${uid()}`;
    const i = { email: `${username}@popote.test`, password: 'secret1', name: `Nom ${username}`, username, location: 'Lyon', user_type };
    const { signUp } = await ok(s, 'mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', { i });
    await markEmailVerified(identity);
    if (user_type === 'cook') await markSellerVerified(identity); // a new dish needs a verified seller (fixture)
    return { session: s, id: signUp.user.user_id as string, username };
  };
  const newMeal = async (name: string) =>
    (await ok(cook, 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', { i: { ...MEAL_INPUT, name } })).createMeal
      .meal_id as string;

  beforeAll(async () => {
    await resetJetStream();
    const env = (s: string) => serviceEnv(s, __filename);
    const nats = env('catalogue').NATS_URL!;
    identity = await startServiceApp('identity', IdentityModule.forRoot(identityConfig(env('identity'))), nats);
    apps.push(identity);
    apps.push(await startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(env('catalogue'))), nats));
    const notifications = notificationsConfig(env('notifications'));
    linkKey = unsubscribeKey(notifications);
    apps.push(await startServiceApp('notifications', NotificationsModule.forRoot(notifications), nats));
    ({ app: bff, url } = await startBff(bffConfig({ ...env('bff'), ...natsCredentials('bff'), GRAPHIQL: 'false' })));
    apps.push(bff);
    const rpc = bff.get(RpcClient);
    const call = rpc.call.bind(rpc);
    rpc.call = ((contract: RpcContract<unknown, unknown, unknown>, ...rest: unknown[]) => {
      calls.push(contract.subject);
      return (call as (...args: unknown[]) => unknown)(contract, ...rest);
    }) as typeof rpc.call;

    const c = await account('cook');
    cook = c.session;
    cookId = c.id;
    cookName = c.username;
    await ok(cook, 'mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }', { i: PICKUP_ALL_DAY });
    buyer = (await account('consumer')).session;
  }, 180_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('signed out: a cook page reads the follower count; following, hearts, lists and settings ask to sign in (in French)', async () => {
    const visitor = new GqlSession(url);
    expect(
      (await ok(visitor, 'query($c: ID!) { cookFollow(cook_id: $c) { cook_id following followers } }', { c: cookId })).cookFollow,
    ).toEqual({ cook_id: cookId, following: false, followers: 0 });
    // An id of no possible shape names no cook: nobody follows it, answered without asking notifications.
    const before = calls.length;
    expect((await ok(visitor, '{ cookFollow(cook_id: "../../x") { following followers } }')).cookFollow).toEqual({
      following: false,
      followers: 0,
    });
    expect(calls.slice(before)).toEqual([]);
    const meal = await newMeal('Curry du visiteur');
    for (const [query, variables] of [
      ['mutation($c: ID!) { followCook(cook_id: $c, follow: true) { followers } }', { c: cookId }],
      ['mutation($m: ID!) { setFavourite(meal_id: $m, favourite: true) { meal_id } }', { m: meal }],
      ['{ followedCooks { followed_at } }', {}],
      ['{ favouriteMeals { meal_id } }', {}],
      ['{ alertPreferences { push_devices } }', {}],
      ['mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }', { s: browserSubscription() }],
    ] as const) {
      const r = await visitor.gql(query, variables);
      expect(codeOf(r), query).toBe('UNAUTHENTICATED');
      expect(r.errors![0]!.message).toMatch(/connecter/);
    }
    // A visitor's heart is empty: no call to notifications for it.
    const since = calls.length;
    const { meal: shown } = await ok(visitor, 'query($m: ID!) { meal(meal_id: $m) { meal_id is_favourite } }', { m: meal });
    expect(shown).toEqual({ meal_id: meal, is_favourite: false });
    expect(calls.slice(since).filter((s) => s === FollowsRpc.favourites.subject)).toEqual([]);
  });

  it("follow, unfollow: the count for everyone, the state for the follower, 'Mes cuisiniers' with the cook's page", async () => {
    const follow = 'mutation($c: ID!, $f: Boolean!) { followCook(cook_id: $c, follow: $f) { cook_id following followers } }';
    expect((await ok(buyer, follow, { c: cookId, f: true })).followCook).toEqual({ cook_id: cookId, following: true, followers: 1 });
    // Twice is once.
    expect((await ok(buyer, follow, { c: cookId, f: true })).followCook).toMatchObject({ following: true, followers: 1 });
    const state = 'query($c: ID!) { cookFollow(cook_id: $c) { following followers } }';
    expect((await ok(buyer, state, { c: cookId })).cookFollow).toEqual({ following: true, followers: 1 });
    expect((await ok(new GqlSession(url), state, { c: cookId })).cookFollow).toEqual({ following: false, followers: 1 });

    const { followedCooks } = await ok(buyer, '{ followedCooks { followed_at cook { cook_id username name avatar_url } } }');
    expect(followedCooks).toEqual([
      {
        followed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        cook: { cook_id: cookId, username: cookName, name: `Nom ${cookName}`, avatar_url: null },
      },
    ]);

    // A cook does not follow themself; an unknown cook is not followed.
    const self = await cook.gql(follow, { c: cookId, f: true });
    expect([codeOf(self), self.errors?.[0]?.message]).toEqual(['FORBIDDEN', 'Vous ne pouvez pas vous suivre vous-même.']);
    const unknown = await buyer.gql(follow, { c: 'pas-un-cuisinier-1234', f: true });
    expect([codeOf(unknown), unknown.errors?.[0]?.message]).toEqual(['NOT_FOUND', 'Ce cuisinier est introuvable.']);

    expect((await ok(buyer, follow, { c: cookId, f: false })).followCook).toEqual({ cook_id: cookId, following: false, followers: 0 });
    expect((await ok(buyer, '{ followedCooks { cook { cook_id } } }')).followedCooks).toEqual([]);
  });

  it("favourites: the heart on the dish and on every card for one favourites call a request; 'Mes favoris' newest first, a deleted dish left out", async () => {
    const [first, second, third] = [await newMeal('Dal'), await newMeal('Tajine'), await newMeal('Gratin')];
    const heart = 'mutation($m: ID!, $f: Boolean!) { setFavourite(meal_id: $m, favourite: $f) { meal_id name is_favourite } }';
    expect((await ok(buyer, heart, { m: first, f: true })).setFavourite).toEqual({ meal_id: first, name: 'Dal', is_favourite: true });
    await ok(buyer, heart, { m: second, f: true });

    const before = calls.length;
    const { cookMeals } = await ok(buyer, 'query($c: ID!) { cookMeals(cook_id: $c) { meal_id is_favourite } }', { c: cookId });
    expect(Object.fromEntries(cookMeals.map((m: { meal_id: string; is_favourite: boolean }) => [m.meal_id, m.is_favourite]))).toMatchObject(
      {
        [first]: true,
        [second]: true,
        [third]: false,
      },
    );
    expect(cookMeals.length).toBeGreaterThanOrEqual(4);
    expect(calls.slice(before).filter((s) => s === FollowsRpc.favourites.subject)).toHaveLength(1);

    const favourites = async () => (await ok(buyer, '{ favouriteMeals { meal_id is_favourite } }')).favouriteMeals;
    expect(await favourites()).toEqual([
      { meal_id: second, is_favourite: true },
      { meal_id: first, is_favourite: true },
    ]);
    // Another buyer's hearts are their own.
    const other = (await account('consumer')).session;
    expect((await ok(other, '{ favouriteMeals { meal_id } }')).favouriteMeals).toEqual([]);
    expect((await ok(other, 'query($m: ID!) { meal(meal_id: $m) { is_favourite } }', { m: first })).meal.is_favourite).toBe(false);

    await ok(cook, 'mutation($m: ID!) { deleteMeal(meal_id: $m) }', { m: second });
    expect(await favourites()).toEqual([{ meal_id: first, is_favourite: true }]);
    expect((await ok(buyer, heart, { m: first, f: false })).setFavourite).toMatchObject({ meal_id: first, is_favourite: false });
    expect(await favourites()).toEqual([]);

    const unknown = await buyer.gql(heart, { m: 'pas-un-plat-1234', f: true });
    expect([codeOf(unknown), unknown.errors?.[0]?.message]).toEqual(['NOT_FOUND', 'Ce plat est introuvable.']);
    const forged = await buyer.gql(heart, { m: '../../etc', f: true });
    expect([codeOf(forged), forged.errors?.[0]?.message]).toEqual(['NOT_FOUND', 'Ce plat est introuvable.']);
  });

  it('push: the public key, one subscription per device, an invalid one refused in French, unsubscribing', async () => {
    const { pushPublicKey } = await ok(new GqlSession(url), '{ pushPublicKey }');
    // An uncompressed P-256 point, base64url: what PushManager.subscribe takes as applicationServerKey.
    expect(Buffer.from(pushPublicKey, 'base64url')).toHaveLength(65);

    const subscribe = 'mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }';
    const device = browserSubscription();
    expect((await ok(buyer, subscribe, { s: device })).subscribePush).toBe(1);
    expect((await ok(buyer, subscribe, { s: device })).subscribePush).toBe(1);
    expect((await ok(buyer, subscribe, { s: browserSubscription() })).subscribePush).toBe(2);
    expect((await ok(buyer, '{ alertPreferences { push_devices } }')).alertPreferences.push_devices).toBe(2);

    const invalid = await buyer.gql(subscribe, { s: { endpoint: 'ftp://ailleurs', keys: { p256dh: 'court', auth: 'x' } } });
    expect(codeOf(invalid)).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(invalid.errors)).toMatch(/Cet appareil n'a pas pu être inscrit aux notifications/);

    const unsubscribe = 'mutation($e: String!) { unsubscribePush(endpoint: $e) }';
    expect((await ok(buyer, unsubscribe, { e: device.endpoint })).unsubscribePush).toBe(1);
    expect((await ok(buyer, unsubscribe, { e: device.endpoint })).unsubscribePush).toBe(1);
  });

  it('alert preferences: everything on until chosen, a change kept and read back', async () => {
    const fields =
      '{ preferences { new_dish { email push } new_slots { email push } back_in_stock { email push } order_updates { push } } }';
    const person = (await account('consumer')).session;
    const all = { email: true, push: true };
    expect((await ok(person, `{ alertPreferences ${fields} }`)).alertPreferences.preferences).toEqual({
      new_dish: all,
      new_slots: all,
      back_in_stock: all,
      order_updates: { push: true },
    });
    const chosen = {
      new_dish: { email: false, push: true },
      new_slots: { email: true, push: false },
      back_in_stock: all,
      order_updates: { push: false },
    };
    const update = `mutation($i: AlertPreferencesInput!) { updateAlertPreferences(input: $i) ${fields} }`;
    expect((await ok(person, update, { i: chosen })).updateAlertPreferences.preferences).toEqual(chosen);
    expect((await ok(person, `{ alertPreferences ${fields} }`)).alertPreferences.preferences).toEqual(chosen);
  });

  it('the unsubscribe link of an email: GET changes nothing and opens the shell page; a forged token is refused in French', async () => {
    const opened = await fetch(`${url}/alertes/desabonnement?token=abc%2Bdef.123`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/alerts/unsubscribe?token=abc%2Bdef.123');
    expect(opened.headers.get('cache-control')).toBe('no-store');

    const post = (token: string) =>
      fetch(`${url}/alertes/desabonnement?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    for (const token of ['court', 'x'.repeat(40)]) {
      const refused = await post(token);
      expect(refused.status, token).toBe(400);
      expect(await refused.json()).toEqual({ code: 'VALIDATION_FAILED', message: "Ce lien de désinscription n'est pas valide." });
    }
  });

  it("the email's one-click unsubscribe, signed out: that kind's emails stop (twice is once), nothing else changes", async () => {
    const person = await account('consumer');
    const fields = '{ alertPreferences { preferences { new_dish { email push } new_slots { email push } } } }';
    const token = unsubscribeToken(linkKey, person.id, ['new_dish']);
    const link = `${url}/alertes/desabonnement?token=${encodeURIComponent(token)}`;
    // Opening the link (a mail scanner does) changes nothing.
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    expect((await ok(person.session, fields)).alertPreferences.preferences.new_dish).toEqual({ email: true, push: true });

    for (let i = 0; i < 2; i++) {
      const answer = await fetch(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        kind: 'new_dish',
        message: "Vous ne recevrez plus d'emails pour : nouveaux plats de mes cuisiniers.",
      });
    }
    expect((await ok(person.session, fields)).alertPreferences.preferences).toEqual({
      new_dish: { email: false, push: true },
      new_slots: { email: true, push: true },
    });
  });
});
