import type { INestApplication } from '@nestjs/common';
import { CatalogueRpc } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { chooseSlotsGql, eventually, GqlSession } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markEmailVerified } from '../../services/identity/test/fixtures';
import { newAccount } from './support/accounts';
import { bffConfig, startBff, startServices, type Services } from './support/services';
import { PublicReadCache } from '../src/read-cache/public-read-cache.service';

/**
 * The public read cache of ADR 0006 with two BFF replicas on real NATS and FerretDB: the TTL is
 * ten minutes here, so only the change events can make a replica show new data in time.
 */
describe('bff: public reads cached per replica, dropped on the catalogue and identity events', () => {
  const apps: INestApplication[] = [];
  const bffs: { url: string; cache: PublicReadCache; app: INestApplication }[] = [];
  /** Requests each BFF sent to the catalogue's meal list (counted at the RPC client). */
  const listCalls = [0, 0];
  let bffEnv: NodeJS.ProcessEnv = {};

  let stack: Services;

  beforeAll(async () => {
    stack = await startServices(__filename, { seed: true, only: ['identity', 'catalogue', 'cart', 'ordering', 'payments'] });
    bffEnv = stack.bffEnv({ READ_CACHE_TTL_MS: '600000' });
    for (const i of [0, 1]) {
      const { app, url } = await startBff(bffConfig(bffEnv));
      const rpc = app.get(RpcClient);
      const call = rpc.call.bind(rpc);
      rpc.call = ((contract, request, options) => {
        if (contract.subject === CatalogueRpc.listMeals.subject) listCalls[i]++;
        return call(contract, request, options);
      }) as RpcClient['call'];
      apps.push(app);
      bffs.push({ url, cache: app.get(PublicReadCache), app });
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await stack?.close();
  });

  const anonymous = (i: number) => new GqlSession(bffs[i].url);
  const signIn = async (i: number, email: string) => {
    const s = new GqlSession(bffs[i].url);
    const r = await s.gql(`mutation { signIn(email: "${email}", password: "popote123") { user { user_id } } }`);
    expect(r.errors).toBeUndefined();
    return s;
  };
  const mealOf = async (i: number, id: string) =>
    (await anonymous(i).gql('query($id: ID!) { meal(meal_id: $id) { name portions_available } }', { id })).data.meal;
  const listed = async (i: number, id: string) => {
    const r = await anonymous(i).gql('{ meals(first: 50) { items { meal_id name portions_available } } }');
    return r.data.meals.items.find((m: { meal_id: string }) => m.meal_id === id);
  };

  it('fills a key once: 20 concurrent misses make one call to the catalogue, the next reads none', async () => {
    bffs[0].cache.invalidate('test');
    const before = listCalls[0];
    const query = '{ meals(first: 7) { items { meal_id } next_cursor } }';
    const replies = await Promise.all(Array.from({ length: 20 }, () => anonymous(0).gql(query)));
    expect(listCalls[0] - before).toBe(1);
    expect(new Set(replies.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect(replies[0].data.meals.items).toHaveLength(7);
    await anonymous(0).gql(query);
    expect(listCalls[0] - before).toBe(1);
  });

  it("shows a cook's edit on both replicas: the meal page and the list (name and portions)", async () => {
    const lucas = await signIn(0, 'lucas@popote.test');
    const mine = (await lucas.gql('{ me { user { user_id } } }')).data.me.user.user_id;
    const { data } = await anonymous(1).gql(
      'query($c: ID!) { cookMeals(cook_id: $c) { meal_id name portions_available price_cents description } }',
      {
        c: mine,
      },
    );
    const meal = data.cookMeals[0];
    // Both replicas hold the meal page and the list.
    for (const i of [0, 1]) {
      expect(await mealOf(i, meal.meal_id)).toMatchObject({ name: meal.name });
      await listed(i, meal.meal_id);
    }
    const hits = bffs[1].cache.stats.hits;
    expect((await mealOf(1, meal.meal_id)).name).toBe(meal.name);
    expect(bffs[1].cache.stats.hits).toBe(hits + 1);

    const name = `${meal.name} (nouvelle recette)`;
    const edited = await lucas.gql('mutation($id: ID!, $i: UpdateMealInput!) { updateMeal(meal_id: $id, input: $i) { name } }', {
      id: meal.meal_id,
      i: {
        name,
        description: meal.description,
        price_cents: meal.price_cents,
        portions_available: 37,
        portions_seen: meal.portions_available,
      },
    });
    expect(edited.errors).toBeUndefined();
    for (const i of [0, 1]) {
      await eventually(
        async () => (await mealOf(i, meal.meal_id)).name === name && (await mealOf(i, meal.meal_id)).portions_available === 37,
      );
      await eventually(async () => (await listed(i, meal.meal_id))?.portions_available === 37);
      expect((await listed(i, meal.meal_id)).name).toBe(name);
    }
  });

  it("shows a cook's new pick-up commune and distance on both replicas (near me, ADR 0010)", async () => {
    const lucas = await signIn(0, 'lucas@popote.test');
    const mine = (await lucas.gql('{ me { user { user_id } } }')).data.me.user.user_id;
    const near = async (i: number) =>
      (await anonymous(i).gql('query($c: ID!) { cookMeals(cook_id: $c, near: "69381") { cook_commune distance_m } }', { c: mine })).data
        .cookMeals[0];
    const listedNear = async (i: number) =>
      (await anonymous(i).gql('{ meals(first: 50, filter: { near: "69381", radius_km: 3 }) { items { cook_id } } }')).data.meals.items.some(
        (m: { cook_id: string }) => m.cook_id === mine,
      );
    // Both replicas hold Lyon 3e (the demo commune), within 3 km of Lyon 1er.
    for (const i of [0, 1]) {
      expect(await near(i)).toMatchObject({ cook_commune: 'Lyon 3e Arrondissement' });
      expect(await listedNear(i)).toBe(true);
    }
    const { data } = await lucas.gql(
      '{ pickupSettings { windows { weekday start end } days_off cutoff_minutes slot_minutes capacity capacity_unit } }',
    );
    const moved = await lucas.gql('mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { location { commune } } }', {
      i: { ...data.pickupSettings, address: { street: '2 rue du Centre', postcode: '69200', commune_code: '69259' } },
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.data.updatePickupSettings.location.commune).toBe('Vénissieux');
    for (const i of [0, 1]) {
      await eventually(async () => (await near(i)).cook_commune === 'Vénissieux');
      expect((await near(i)).distance_m).toBeGreaterThan(5000);
      expect(await listedNear(i)).toBe(false);
    }
  });

  it('shows the stock an order took on both replicas, and never shows one user the cart or orders of another', async () => {
    const mealId = 'demo-meal-bowl';
    const start = (await mealOf(0, mealId)).portions_available as number;
    expect((await mealOf(1, mealId)).portions_available).toBe(start);
    await listed(1, mealId);

    const buyer = new GqlSession(bffs[0].url);
    const account = newAccount('cache', 'consumer', 'Cache');
    await buyer.gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', { i: account });
    await markEmailVerified(stack.apps.identity!, account.email); // paying needs a confirmed address
    const claire = await signIn(1, 'claire@popote.test');
    expect((await buyer.gql('mutation { addToCart(meal_id: "demo-meal-bowl", quantity: 2) { item_count } }')).errors).toBeUndefined();
    expect((await claire.gql('mutation { addToCart(meal_id: "demo-meal-quiche") { item_count } }')).errors).toBeUndefined();

    // Each sees their own cart and self, on either replica, after the public reads were cached.
    const buyerOn1 = new GqlSession(bffs[1].url);
    for (const [k, v] of buyer.cookies) buyerOn1.cookies.set(k, v);
    for (const session of [buyer, buyerOn1]) {
      const r = await session.gql('{ me { user { username } } cart { items { meal { meal_id } quantity } } }');
      expect(r.data.me.user.username).toBe(account.username);
      expect(r.data.cart.items).toEqual([{ meal: { meal_id: 'demo-meal-bowl' }, quantity: 2 }]);
    }
    const theirs = await claire.gql('{ me { user { email } } cart { items { meal { meal_id } } } }');
    expect(theirs.data.me.user.email).toBe('claire@popote.test');
    expect(theirs.data.cart.items.map((i: { meal: { meal_id: string } }) => i.meal.meal_id)).not.toContain('demo-meal-bowl');

    const intent = await buyer.gql('mutation($s: [ChosenSlotInput!]!) { createPaymentIntent(slots: $s) { checkout { checkout_id } } }', {
      s: await chooseSlotsGql(buyer),
    });
    const id = intent.data.createPaymentIntent.checkout.checkout_id;
    const paid = await buyer.gql(
      'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
      { id },
    );
    expect(paid.data.confirmSandboxPayment.status).toBe('succeeded');
    for (const i of [0, 1]) {
      await eventually(async () => (await mealOf(i, mealId)).portions_available === start - 2, 20_000);
      await eventually(async () => (await listed(i, mealId))?.portions_available === start - 2);
    }
    expect((await buyer.gql('{ myOrders { order_id } }')).data.myOrders).toHaveLength(1);
    expect((await claire.gql('{ myOrders { order_id } }')).data.myOrders.map((o: { order_id: string }) => o.order_id)).not.toContain(
      (await buyer.gql('{ myOrders { order_id } }')).data.myOrders[0].order_id,
    );
  }, 60_000);

  it("answers a signed-out visitor's repeated public query whole; never a signed-in one's, one naming a private field, or an error", async () => {
    const cache = bffs[0].cache;
    const answered = () => cache.stats.responseHits;
    // A change announced meanwhile (a late event of the order above, or of another test file on the
    // same servers) empties the cache: such a try proves nothing, whether it passed or failed, and the
    // steps are tried again from the start — from an empty cache, or what the interrupted try stored
    // after the change would be counted as hits (a retry then always failed: 'expected 22 to be 20').
    const quietly = async (steps: () => Promise<void>) => {
      for (let attempt = 0; ; attempt++) {
        cache.invalidate('test: a fresh start');
        const invalidations = cache.stats.invalidations;
        try {
          await steps();
        } catch (err) {
          if (cache.stats.invalidations === invalidations) throw err;
        }
        if (cache.stats.invalidations === invalidations) return;
        if (attempt === 4) throw new Error('the read cache kept being invalidated');
      }
    };
    const query = '{ meals(first: 3) { items { meal_id name portions_available } } }';
    let first: { data: { meals: { items: unknown[] } } } = { data: { meals: { items: [] } } };
    await quietly(async () => {
      first = await anonymous(0).gql(query);
      const before = answered();
      const again = await anonymous(0).gql(query);
      expect(answered()).toBe(before + 1);
      expect(again).toEqual(first);
    });
    expect(first.data.meals.items).toHaveLength(3);

    // Variables are part of the key: another page size is another answer; a variable the operation
    // does not declare is not (graphql-js ignores it).
    const sized = 'query($n: Int!) { meals(first: $n) { items { meal_id } } }';
    await quietly(async () => {
      const before = answered();
      expect((await anonymous(0).gql(sized, { n: 2 })).data.meals.items).toHaveLength(2);
      expect((await anonymous(0).gql(sized, { n: 4 })).data.meals.items).toHaveLength(4);
      expect((await anonymous(0).gql(sized, { n: 2 })).data.meals.items).toHaveLength(2);
      expect((await anonymous(0).gql(sized, { n: 2, unused: 'x'.repeat(50) })).data.meals.items).toHaveLength(2);
      expect(answered()).toBe(before + 2);
    });

    // An operation name that names no operation: Apollo's own error, not a failure of the server.
    const unknown = await fetch(`${bffs[0].url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body: JSON.stringify({ query: 'query A { __typename }', operationName: 'B' }),
    });
    const refusal = (await unknown.json()) as { errors: { extensions: { code: string; detail: string } }[] };
    expect(unknown.status).toBe(400);
    expect(refusal.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: expect.stringMatching(/Unknown operation named "B"/),
    });

    // Signed in: the query runs every time (its public reads may still come from the read cache),
    // and its answer is not kept for visitors: a query first asked signed in is not answered whole.
    const lucas = await signIn(0, 'lucas@popote.test');
    const fresh = '{ meals(first: 5) { items { meal_id price_cents } } }';
    await quietly(async () => {
      const before = answered();
      await lucas.gql(query);
      expect((await lucas.gql(query)).data).toEqual(first.data);
      await lucas.gql(fresh);
      await anonymous(0).gql(fresh);
      expect(answered()).toBe(before);
    });
    // A private root field beside public ones: runs, and `me` is each asker's own.
    const mixed = '{ me { user { email } } meals(first: 3) { items { meal_id } } }';
    expect((await anonymous(0).gql(mixed)).data.me).toBeNull();
    expect((await anonymous(0).gql(mixed)).data.me).toBeNull();
    expect((await lucas.gql(mixed)).data.me.user.email).toBe('lucas@popote.test');
    // An answer with errors (a page over the maximum) is not kept: asked twice, refused twice, nothing answered.
    const beforeErrors = answered();
    for (let i = 0; i < 2; i++) expect((await anonymous(0).gql('{ meals(first: 500) { items { meal_id } } }')).errors).toBeDefined();
    expect(answered()).toBe(beforeErrors);
  });

  it('weighs at most READ_CACHE_MAX_BYTES whatever visitors ask, and makes no key of what names nothing', async () => {
    const budget = 64 * 1024;
    const { app } = await startBff(bffConfig({ ...bffEnv, READ_CACHE_MAX_BYTES: String(budget) }));
    try {
      const cache = app.get(PublicReadCache);
      const rpc = app.get(RpcClient);
      const call = rpc.call.bind(rpc);
      let cookMealsCalls = 0;
      rpc.call = ((contract, request, options) => {
        if (contract.subject === CatalogueRpc.cookMeals.subject) cookMealsCalls++;
        return call(contract, request, options);
      }) as RpcClient['call'];
      const visitor = new GqlSession(await app.getUrl());
      // Communes the catalogue knows (and can measure from), as a visitor would try them one by one.
      const codes = new Set<string>();
      for (const query of ['69', '75', '13', '33', '31', '59', '67', '44', 'Saint', 'Lyon']) {
        const r = await visitor.gql('query($q: String!) { communes(query: $q, limit: 20) { code has_position } }', { q: query });
        for (const c of r.data.communes as { code: string; has_position: boolean }[]) if (c.has_position) codes.add(c.code);
      }
      expect(codes.size).toBeGreaterThan(100);
      const cookPage = 'query($c: ID!, $n: String) { cookMeals(cook_id: $c, near: $n) { meal_id name description distance_m } }';
      const ask = (near: string, cook = 'demo-cook-lucas') => visitor.gql(cookPage, { c: cook, n: near });
      let heaviest = 0;
      for (const near of codes) {
        const r = await ask(near);
        expect(r.errors, near).toBeUndefined();
        expect(r.data.cookMeals.length).toBeGreaterThan(0);
        heaviest = Math.max(heaviest, cache.weight.bytes);
      }
      // The first communes asked were pushed out (the catalogue is asked again), and the cache, as it
      // counts itself, never weighed more than its budget.
      const first = [...codes].slice(0, 10);
      const before = cookMealsCalls;
      for (const near of first) await ask(near);
      expect(cookMealsCalls - before).toBeGreaterThanOrEqual(first.length);
      expect(heaviest).toBeLessThanOrEqual(budget);
      expect(heaviest).toBeGreaterThan(budget / 2);

      // What names nothing makes no key: answered as an unknown id, without a read, nothing kept.
      const kept = cache.weight;
      const { invalidations } = cache.stats;
      const calls = cookMealsCalls;
      for (const cook of ['x'.repeat(10 * 1024), '../../etc/passwd', 'orders.>']) {
        expect((await ask('69381', cook)).data.cookMeals, cook.slice(0, 20)).toEqual([]);
        expect((await visitor.gql('query($id: ID!) { meal(meal_id: $id) { name } }', { id: cook })).data.meal).toBeNull();
      }
      expect(cookMealsCalls).toBe(calls);
      // (A late event of an earlier test may have emptied it meanwhile: then it holds less, never more.)
      if (cache.stats.invalidations === invalidations) expect(cache.weight.entries).toBe(kept.entries);
      else expect(cache.weight.entries).toBeLessThanOrEqual(kept.entries);
      // One key for one commune, however it is typed (unless a change emptied the cache meanwhile).
      await ask('69381');
      const [again, quiet] = [cookMealsCalls, cache.stats.invalidations];
      await ask(' 69381 ');
      if (cache.stats.invalidations === quiet) expect(cookMealsCalls).toBe(again);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses to cache a request made on behalf of a user', async () => {
    await expect(
      bffs[0].cache.call(CatalogueRpc.cookMeals, { cook_id: 'x', actor: { user_id: 'u', user_type: 'cook' } } as never),
    ).rejects.toThrow(/never cached/);
  });
});
