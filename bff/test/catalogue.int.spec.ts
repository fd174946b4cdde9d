import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { natsCredentials, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import type { Model } from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as CatalogueModule } from '../../services/catalogue/src/app.module';
import { catalogueConfig } from '../../services/catalogue/src/config';
import { seedCatalogue } from '../../services/catalogue/src/seed/seed';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { hashPassword } from '../../services/identity/src/auth/passwords';
import { identityConfig } from '../../services/identity/src/config';
import { CookProfile, User } from '../../services/identity/src/users/user.schema';
import { markEmailVerified, markSellerVerified } from '../../services/identity/test/fixtures';
import { newAccount } from './support/accounts';
import { bffConfig, startBff } from './support/bff';
import { jpeg as picture, uploadMealPicture } from './support/media';

describe('bff: meals for cooks, pictures, cook pages', () => {
  const apps: INestApplication[] = [];
  let url: string;
  let identity: INestApplication;

  const session = () => {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
    };
    return {
      async gql(query: string, variables: Record<string, unknown> = {}) {
        const res = await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookie() },
          body: JSON.stringify({ query, variables }),
        });
        keep(res);
        return (await res.json()) as {
          data?: any;
          errors?: { message: string; extensions?: { code?: string; fields?: Record<string, string> } }[];
        };
      },
      async upload(bytes: Buffer, filename: string, headers?: Record<string, string>) {
        const res = await uploadMealPicture(url, cookie(), bytes, filename, headers);
        return { status: res.status, body: (await res.json()) as any };
      },
      async signUp(user_type: 'cook' | 'consumer') {
        const done = await this.gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id username } } }', {
          i: newAccount('chef', user_type, 'Chef'),
        });
        await markEmailVerified(identity); // publishing needs a confirmed address
        if (user_type === 'cook') await markSellerVerified(identity); // and a verified seller (fixture)
        return done;
      },
    };
  };

  const jpeg = () => picture(900, 700, '#c8742b');
  const input = (image_key: string | null = null) => ({
    name: 'Soupe au pistou',
    description: 'Légumes du marché et pistou maison.',
    price_cents: 890,
    portions_available: 5,
    ingredients: ['Courgette', 'Basilic', "Huile d'olive"],
    allergens: [],
    category: 'vegetarian',
    preparation_time: 60,
    available_date: new Date(Date.now() + 86_400_000).toISOString(),
    image_key,
  });
  const CREATE = 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id cook_name image_url image_card_url } }';

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('catalogue', __filename);
    const identityEnv = serviceEnv('identity', __filename);
    identity = await startServiceApp('identity', IdentityModule.forRoot(identityConfig(identityEnv)), env.NATS_URL!);
    apps.push(identity);
    apps.push(await startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(env)), env.NATS_URL!));
    await seedCatalogue(env);
    const bff = await startBff(bffConfig({ ...env, ...natsCredentials('bff'), GRAPHIQL: 'false' }));
    apps.push(bff.app);
    url = bff.url;
  });

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('a cook uploads a picture and creates a meal carrying their own username', async () => {
    const cook = session();
    const { data } = await cook.signUp('cook');
    const up = await cook.upload(await jpeg(), 'Soupe été.JPG');
    expect(up.status).toBe(201);
    expect(up.body.image_key).toMatch(/^meals\/\d+_soupe-ete\.jpg$/);
    const card = await fetch(`${url}${up.body.image_card_url}`);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([600, 450]);
    const created = await cook.gql(CREATE, { i: input(up.body.image_key) });
    expect(created.errors).toBeUndefined();
    expect(created.data.createMeal).toMatchObject({ cook_name: data.signUp.user.username, image_url: `/media/${up.body.image_key}` });
  });

  it('refuses a renamed non-image, a 6 MB picture, a consumer and a missing anti-CSRF header, in French', async () => {
    const cook = session();
    await cook.signUp('cook');
    const fake = await cook.upload(Buffer.from('#!/bin/sh\necho not a picture\n'.repeat(50)), 'photo.jpg');
    expect(fake).toMatchObject({ status: 422, body: { message: 'Veuillez sélectionner une image' } });
    const big = await cook.upload(Buffer.concat([await jpeg(), Buffer.alloc(6 * 1024 * 1024)]), 'big.jpg');
    expect(big).toMatchObject({ status: 413, body: { message: "L'image ne doit pas dépasser 5MB" } });
    expect((await cook.upload(await jpeg(), 'x.jpg', {})).status).toBe(403);
    const consumer = session();
    await consumer.signUp('consumer');
    expect((await consumer.upload(await jpeg(), 'x.jpg')).status).toBe(403);
    expect((await session().upload(await jpeg(), 'x.jpg')).status).toBe(401);
  });

  it('refuses meal mutations to consumers and to other cooks, on the server', async () => {
    const owner = session();
    await owner.signUp('cook');
    const { data } = await owner.gql(CREATE, { i: input() });
    const id = data.createMeal.meal_id;
    const consumer = session();
    await consumer.signUp('consumer');
    expect((await consumer.gql(CREATE, { i: input() })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const other = session();
    await other.signUp('cook');
    const denied = await other.gql('mutation($id: ID!) { deleteMeal(meal_id: $id) }', { id });
    expect(denied.errors?.[0]).toMatchObject({ message: "Vous n'êtes pas autorisé à modifier ce plat", extensions: { code: 'FORBIDDEN' } });
    expect((await owner.gql('mutation($id: ID!) { deleteMeal(meal_id: $id) }', { id })).data.deleteMeal).toBe(true);
    expect((await owner.gql('query($id: ID!) { meal(meal_id: $id) { meal_id } }', { id })).data.meal).toBeNull();
  });

  it('returns field errors for an invalid meal', async () => {
    const cook = session();
    await cook.signUp('cook');
    const res = await cook.gql(CREATE, { i: { ...input(), ingredients: [], preparation_time: 0 } });
    expect(res.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { ingredients: 'Veuillez sélectionner au moins un ingrédient', preparation_time: expect.any(String) },
    });
    // A category outside the schema's enum never reaches the service: GraphQL refuses it, in French.
    const pizza = await cook.gql(CREATE, { i: { ...input(), category: 'pizza' } });
    expect(pizza.errors?.[0]).toMatchObject({ message: 'Requête invalide', extensions: { code: 'VALIDATION_FAILED' } });
  });

  it('serves filtered meals, featured meals, popular cooks and a cook page with their meals', async () => {
    const anyone = session();
    const filtered = await anyone.gql('{ meals(filter: {q: "poulet", category: thai}) { items { meal_id } } }');
    expect(filtered.data.meals.items).toEqual([{ meal_id: 'demo-meal-curry' }]);
    const featured = await anyone.gql('{ featuredMeals { meal_id portions_available } }');
    expect(featured.data.featuredMeals).toHaveLength(3);
    const bad = await anyone.gql('{ meals(filter: {price_range: "cheap"}) { items { meal_id } } }');
    expect(bad.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
    const cooks = await anyone.gql('{ popularCooks { cook_id username rating_average } }');
    expect(cooks.errors).toBeUndefined();
    const cook = session();
    const { data } = await cook.signUp('cook');
    await cook.gql(CREATE, { i: input() });
    const page = await anyone.gql('query($id: ID!) { cook(cook_id: $id) { username rating_average meals { name } } }', {
      id: data.signUp.user.user_id,
    });
    expect(page.data.cook).toMatchObject({ username: data.signUp.user.username, rating_average: 0, meals: [{ name: 'Soupe au pistou' }] });
  });
  it('popular cooks: only cooks with a review or a dish, best rated first; a brand-new cook is not among them', async () => {
    const identity = apps[0];
    const users = identity.get<Model<User>>(getModelToken(User.name));
    const profiles = identity.get<Model<CookProfile>>(getModelToken(CookProfile.name));
    const password = 'secret1';
    const hash = await hashPassword(password);
    // Ids that sort before every signed-up cook's: among the unrated, identity lists them first.
    const addCook = async (id: string, rating?: { average: number; reviews: number }) => {
      await users.collection.insertOne({
        _id: id as never,
        email: `${id}@popote.test`,
        username: id.replace(/-/g, '_'),
        username_key: id.replace(/-/g, '_'),
        name: 'Chef',
        location: 'Lyon',
        bio: '',
        avatar_url: null,
        user_type: 'cook',
        specialties: [],
        dietary_preferences: [],
        password_hash: hash,
        created_at: new Date(),
        updated_at: new Date(),
        _outbox: [],
        _outbox_pending: false,
      });
      await profiles.create({
        _id: id,
        ...(rating ? { rating_average: rating.average, total_reviews: rating.reviews, rating_sort: rating.average } : {}),
      });
    };
    await addCook('0-rated-no-dish', { average: 4.5, reviews: 2 });
    await addCook('0-unrated-a');
    await addCook('0-unrated-b');
    const popular = async () =>
      (await session().gql('{ popularCooks { cook_id total_reviews meals { meal_id } } }')).data.popularCooks as {
        cook_id: string;
        total_reviews: number;
        meals: unknown[];
      }[];

    let cooks = await popular();
    expect(cooks).toHaveLength(3);
    expect(cooks[0].cook_id).toBe('0-rated-no-dish'); // a review is enough
    expect(cooks.map((c) => c.cook_id)).not.toContain('0-unrated-a');
    expect(cooks.map((c) => c.cook_id)).not.toContain('0-unrated-b');
    expect(cooks.every((c) => c.total_reviews > 0 || c.meals.length > 0)).toBe(true);

    // Once they offer a dish, the unrated cook ranked first among the unrated takes the next place.
    const cook = session();
    const signedIn = await cook.gql('mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { user_id } } }', {
      e: '0-unrated-a@popote.test',
      p: password,
    });
    expect(signedIn.errors).toBeUndefined();
    await markSellerVerified(identity, '0-unrated-a@popote.test'); // a new dish needs a verified seller (fixture)
    expect((await cook.gql(CREATE, { i: input() })).errors).toBeUndefined();
    cooks = await popular();
    expect(cooks.slice(0, 2).map((c) => c.cook_id)).toEqual(['0-rated-no-dish', '0-unrated-a']);
    expect(cooks.map((c) => c.cook_id)).not.toContain('0-unrated-b');
  });

  it('a service that does not answer gives a French message, never its internal English error', async () => {
    // No cart service runs in this file: the BFF's request finds no responder.
    const consumer = session();
    await consumer.signUp('consumer');
    const res = await consumer.gql('{ cart { item_count } }');
    expect(res.errors?.[0]).toMatchObject({
      message: 'Le service est momentanément indisponible. Réessayez dans un instant.',
      extensions: { code: 'UNAVAILABLE' },
    });
    expect(JSON.stringify(res.errors)).not.toMatch(/rpc\.|no service|answers/);
  });
});
