import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import { CatalogueRpc, mealSchema } from '@popote/contracts';
import { MediaStorage } from '@popote/platform';
import { GqlSession, natsCredentials, resetJetStream, serviceEnv, startServiceApp, testRpcClient } from '@popote/testing';
import fc from 'fast-check';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as CartModule } from '../../services/cart/src/app.module';
import { cartConfig } from '../../services/cart/src/config';
import { AppModule as CatalogueModule } from '../../services/catalogue/src/app.module';
import { catalogueConfig } from '../../services/catalogue/src/config';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { identityConfig } from '../../services/identity/src/config';
import { AppModule as NotificationsModule } from '../../services/notifications/src/app.module';
import { notificationsConfig } from '../../services/notifications/src/config';
import { markEmailVerified } from '../../services/identity/test/fixtures';
import { AppModule } from '../src/app.module';
import { bffConfig } from '../src/config';
import { configureHttp } from '../src/http';

/**
 * Hostile input, generated (fast-check): wrong types, unicode, huge and deeply nested values, in every
 * mutation argument and in uploads. Whatever comes in: no 5xx, a French message, and nothing saved
 * half-way (the databases hold exactly what the successful answers said, all of it valid).
 */
const ENGLISH = /\b(expected|received|invalid|must|cannot|unexpected|required|too (big|small)|error|failed|got)\b/i;
const isFrench = (message: string) => !ENGLISH.test(message) && !/rpc\.|evt\./.test(message);

/** Any JSON value, with unicode (astral planes, RTL, NUL), long strings and nesting. */
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 5000 }),
  fc.constantFrom('', ' ', '\u0000', '‮evil', '𝕏'.repeat(50), '<script>alert(1)</script>', "'; db.dropDatabase(); '", '{"$gt": ""}'),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2 ** 31, -(2 ** 31) - 1),
  fc.record({ $gt: fc.constant('') }),
);
/** A plausible input object with hostile values in some of its fields. */
const objectWith = (fields: string[]) => fc.dictionary(fc.constantFrom(...fields), hostile, { maxKeys: fields.length });

const MEAL_FIELDS = [
  'name',
  'description',
  'price_cents',
  'portions_available',
  'ingredients',
  'allergens',
  'category',
  'preparation_time',
  'available_date',
  'image_key',
];
const ARGUMENTS: { name: string; query: string; vars: fc.Arbitrary<Record<string, unknown>>; as: 'anonymous' | 'consumer' | 'cook' }[] = [
  {
    name: 'signUp',
    query: 'mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }',
    vars: fc.record({ i: objectWith(['email', 'password', 'name', 'username', 'location', 'user_type']) }),
    as: 'anonymous',
  },
  {
    name: 'signIn',
    query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { user_id } } }',
    vars: fc.record({ e: hostile, p: hostile }),
    as: 'anonymous',
  },
  // Account lifecycle (issue 18): links and addresses from anyone.
  {
    name: 'requestPasswordReset',
    query: 'mutation($e: String!) { requestPasswordReset(email: $e) }',
    vars: fc.record({ e: hostile }),
    as: 'anonymous',
  },
  {
    name: 'resetPassword',
    query: 'mutation($i: ResetPasswordInput!) { resetPassword(input: $i) }',
    vars: fc.record({ i: objectWith(['token', 'new_password', 'confirm_password']) }),
    as: 'anonymous',
  },
  {
    name: 'verifyEmail',
    query: 'mutation($t: String!) { verifyEmail(token: $t) { email } }',
    vars: fc.record({ t: hostile }),
    as: 'anonymous',
  },
  {
    name: 'requestEmailChange',
    query: 'mutation($i: ChangeEmailInput!) { requestEmailChange(input: $i) }',
    vars: fc.record({ i: objectWith(['new_email', 'current_password']) }),
    as: 'consumer',
  },
  {
    name: 'updateProfile',
    query: 'mutation($i: ProfileInput!) { updateProfile(input: $i) { user { user_id } } }',
    vars: fc.record({ i: objectWith(['name', 'username', 'location', 'bio', 'avatar_url']) }),
    as: 'consumer',
  },
  {
    name: 'createMeal',
    query: 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }',
    vars: fc.record({ i: objectWith(MEAL_FIELDS) }),
    as: 'cook',
  },
  {
    name: 'addToCart',
    query: 'mutation($m: ID!, $q: Int!) { addToCart(meal_id: $m, quantity: $q) { item_count } }',
    vars: fc.record({ m: hostile, q: hostile }),
    as: 'consumer',
  },
  {
    name: 'sendContactMessage',
    query: 'mutation($i: ContactInput!) { sendContactMessage(input: $i) }',
    vars: fc.record({ i: objectWith(['name', 'email', 'subject', 'message']) }),
    as: 'anonymous',
  },
];

describe('hostile input: generated GraphQL arguments and uploads', () => {
  const apps: INestApplication[] = [];
  let url: string;
  let media: MediaStorage;
  let identityDb: Connection;
  let cartDb: Connection;
  const sessions = {} as Record<'anonymous' | 'consumer' | 'cook', GqlSession>;
  let cookId = '';
  const created = { users: 0, meals: 0 };

  beforeAll(async () => {
    await resetJetStream();
    const env = (s: string) => serviceEnv(s, __filename);
    const cat = env('catalogue');
    const nats = cat.NATS_URL!;
    const identity = await startServiceApp('identity', IdentityModule.forRoot(identityConfig(env('identity'))), nats);
    identityDb = identity.get<Connection>(getConnectionToken());
    apps.push(identity, await startServiceApp('catalogue', CatalogueModule.forRoot(catalogueConfig(cat)), nats));
    const cart = await startServiceApp('cart', CartModule.forRoot(cartConfig(env('cart'))), nats);
    cartDb = cart.get<Connection>(getConnectionToken());
    apps.push(cart, await startServiceApp('notifications', NotificationsModule.forRoot(notificationsConfig(env('notifications'))), nats));
    const unlimited = Object.fromEntries(
      [
        'RATE_LIMIT_SIGN_UP',
        'RATE_LIMIT_SIGN_IN',
        'RATE_LIMIT_CONTACT',
        'RATE_LIMIT_UPLOAD',
        'RATE_LIMIT_MUTATION',
        'RATE_LIMIT_PASSWORD_RESET',
        'RATE_LIMIT_VERIFY_EMAIL',
      ].map((k) => [k, '100000/60']),
    );
    // The BFF stores pictures in the catalogue's bucket, as deployed.
    const config = bffConfig({ ...env('bff'), ...natsCredentials('bff'), MEDIA_BUCKET: cat.MEDIA_BUCKET, GRAPHIQL: 'false', ...unlimited });
    media = new MediaStorage(config);
    const bff = await NestFactory.create(AppModule.forRoot(config), { logger: ['error'] });
    configureHttp(bff, config);
    await bff.listen(0, '127.0.0.1');
    apps.push(bff);
    url = await bff.getUrl();
    sessions.anonymous = new GqlSession(url);
    for (const type of ['consumer', 'cook'] as const) {
      const s = new GqlSession(url);
      const r = await s.gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', {
        i: {
          email: `h-${type}-${Date.now()}@popote.test`,
          password: 'secret1',
          name: 'H',
          username: `h${type}${Date.now() % 100000}`,
          location: 'Lyon',
          user_type: type,
        },
      });
      expect(r.errors).toBeUndefined();
      await markEmailVerified(identity); // publishing needs a confirmed address (issue 18)
      if (type === 'cook') cookId = r.data.signUp.user.user_id;
      sessions[type] = s;
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  const send = async (session: GqlSession, body: string) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookieHeader() },
      body,
    });
    const text = await res.text();
    return {
      status: res.status,
      text,
      json: (() => {
        try {
          return JSON.parse(text) as { data?: any; errors?: { message: string; extensions?: { fields?: Record<string, string> } }[] };
        } catch {
          return null;
        }
      })(),
    };
  };

  const expectFrench = (answer: Awaited<ReturnType<typeof send>>, what: string) => {
    expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
    expect(answer.json, `${what}: not JSON: ${answer.text.slice(0, 200)}`).not.toBeNull();
    // Whatever the shape (GraphQL errors, or a plain refusal), every message a person may read is French.
    const top = (answer.json as { message?: unknown }).message;
    if (typeof top === 'string') expect(isFrench(top), `${what}: "${top}"`).toBe(true);
    for (const e of answer.json!.errors ?? []) {
      expect(isFrench(e.message), `${what}: "${e.message}"`).toBe(true);
      for (const m of Object.values(e.extensions?.fields ?? {})) expect(isFrench(m), `${what}: field "${m}"`).toBe(true);
    }
  };

  for (const arg of ARGUMENTS) {
    it(`${arg.name}: any argument → no 5xx, a French message`, async () => {
      await fc.assert(
        fc.asyncProperty(arg.vars, async (variables) => {
          const answer = await send(sessions[arg.as], JSON.stringify({ query: arg.query, variables }));
          expectFrench(answer, `${arg.name} ${JSON.stringify(variables).slice(0, 200)}`);
          if (!answer.json!.errors?.length) {
            if (arg.name === 'signUp') created.users++;
            if (arg.name === 'createMeal') created.meals++;
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it('deeply nested, huge and malformed bodies → no 5xx, a French message', async () => {
    let nested: unknown = 'x';
    for (let i = 0; i < 3000; i++) nested = [nested];
    const bodies = [
      JSON.stringify({ query: 'mutation($i: ContactInput!) { sendContactMessage(input: $i) }', variables: { i: { name: nested } } }),
      JSON.stringify({ query: `{ ${'me { user { user_id } } '.repeat(5000)} }` }),
      JSON.stringify({ query: `query { meals(first: 5) { items { ${'name '.repeat(20000)} } } }` }),
      '{"query": "{ me { user { user_id } } }", "variables": ',
      JSON.stringify({ query: '{ me { user { user_id } } }', variables: { pad: 'x'.repeat(2_000_000) } }),
      JSON.stringify([{ query: '{ me { user { user_id } } }' }, { query: '{ me { user { user_id } } }' }]),
    ];
    for (const body of bodies) {
      const answer = await send(sessions.anonymous, body);
      expectFrench(answer, body.slice(0, 80));
      expect(answer.json!.errors?.length, answer.text.slice(0, 200)).toBeGreaterThan(0);
    }
  });

  it('uploads of anything → no 5xx, a French message, nothing stored unless it is a picture', async () => {
    const before = await media.count('meals/');
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 64 * 1024 }),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.constantFrom('image/jpeg', 'image/png', 'text/html', 'application/x-sh', ''),
        async (bytes, filename, type) => {
          const form = new FormData();
          form.append('file', new Blob([bytes], { type }), filename || 'x');
          const res = await fetch(`${url}/media/meals`, {
            method: 'POST',
            headers: { cookie: sessions.cook.cookieHeader(), 'x-popote-upload': '1' },
            body: form,
          });
          const body = (await res.json()) as { message?: string; image_key?: string };
          expect(res.status).toBeLessThan(500);
          if (res.status === 201) stored += 2;
          else expect(isFrench(body.message ?? ''), body.message).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
    const oversized = new FormData();
    oversized.append('file', new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/jpeg' }), 'big.jpg');
    const big = await fetch(`${url}/media/meals`, {
      method: 'POST',
      headers: { cookie: sessions.cook.cookieHeader(), 'x-popote-upload': '1' },
      body: oversized,
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: "L'image ne doit pas dépasser 5MB" });
    expect(await media.count('meals/')).toBe(before + stored);
  });

  it('saved nothing half-way: the databases hold exactly what succeeded, all of it valid', async () => {
    const rpc = await testRpcClient();
    try {
      // Two accounts of the suite's own, plus each successful sign-up.
      expect(await identityDb.collection('users').countDocuments()).toBe(2 + created.users);
      // The cook's meals, read back through the contract (an invalid document would fail to parse).
      const { items } = await rpc.call(CatalogueRpc.cookMeals, { cook_id: cookId });
      expect(items).toHaveLength(created.meals);
      for (const meal of items) expect(mealSchema.safeParse(meal).success).toBe(true);
      // Cart lines: only real quantities.
      const lines = await cartDb.collection('cartItems').find().toArray();
      for (const line of lines) expect(line.quantity).toBeGreaterThanOrEqual(1);
    } finally {
      await rpc.close();
    }
  });
});
