import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { CatalogueRpc, mealSchema, ORDER_MESSAGES, OrderingRpc, unlimitedRateLimits } from '@popote/contracts';
import { DistributedLocks, MediaStorage } from '@popote/platform';
import { GqlSession, testNats, testRpcClient } from '@popote/testing';
import fc from 'fast-check';
import { buildSchema, getNamedType, type GraphQLField } from 'graphql';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markEmailVerified, markSellerVerified } from '../../services/identity/test/fixtures';
import { newAccount } from './support/accounts';
import { uploadMealPicture } from './support/media';
import { bffConfig, startBff, startServices, type Services } from './support/services';

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
  // Account lifecycle: links and addresses from anyone.
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
  {
    name: 'saveTraderDetails',
    query: 'mutation($i: TraderDetailsInput!) { saveTraderDetails(input: $i) { status } }',
    vars: fc.record({
      i: objectWith(['legal_name', 'siret', 'address', 'phone', 'email', 'ddpp_receipt_key', 'hygiene_certificate_key', 'self_certified']),
    }),
    as: 'cook',
  },
];

/** A well-formed id that names nothing: a malformed id must be answered just as this one is. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/**
 * Ids that once reached lock keys, database filters and cache keys as they were, and ids holding
 * what a database or a subject cannot hold (an emoji, a right-to-left mark, a NUL, a control character).
 */
const MALFORMED_IDS = ['x'.repeat(10 * 1024), '../../etc/passwd', 'orders.>', '..', '🍲🍲', '\u200f1234', 'ab\u0000cd', 'ab\u0007\r\ncd'];
/** Every query and mutation taking an id (checked against the printed schema), called as someone allowed to. */
type IdCall = { as: 'anonymous' | 'consumer' | 'cook'; query: string; vars?: Record<string, unknown> };
const SLOT = { cook_id: UNKNOWN_ID, start: '2030-01-01T10:00:00.000Z' };
const ID_OPERATIONS: Record<string, IdCall> = {
  meal: { as: 'anonymous', query: 'query($id: ID!) { meal(meal_id: $id) { meal_id } }' },
  cook: { as: 'anonymous', query: 'query($id: ID!) { cook(cook_id: $id) { cook_id } }' },
  cookMeals: { as: 'anonymous', query: 'query($id: ID!) { cookMeals(cook_id: $id) { meal_id } }' },
  cookReviews: { as: 'anonymous', query: 'query($id: ID!) { cookReviews(cook_id: $id) { review_id } }' },
  cookFollow: { as: 'anonymous', query: 'query($id: ID!) { cookFollow(cook_id: $id) { following followers } }' },
  followCook: { as: 'consumer', query: 'mutation($id: ID!) { followCook(cook_id: $id, follow: true) { followers } }' },
  setFavourite: { as: 'consumer', query: 'mutation($id: ID!) { setFavourite(meal_id: $id, favourite: true) { meal_id } }' },
  pickupSlots: { as: 'consumer', query: 'query($id: ID!) { pickupSlots(cook_id: $id, meal_ids: [$id]) { slots { start } } }' },
  checkout: { as: 'consumer', query: 'query($id: ID!) { checkout(checkout_id: $id) { checkout_id } }' },
  checkoutOrders: { as: 'consumer', query: 'query($id: ID!) { checkoutOrders(checkout_id: $id) { order_id } }' },
  receipt: { as: 'consumer', query: 'query($id: ID!) { receipt(order_id: $id) { number } }' },
  receiptPdf: { as: 'consumer', query: 'query($id: ID!) { receiptPdf(order_id: $id) { filename } }' },
  // Operators only: a buyer's session is nobody there, whatever the id (the console's own tests open it).
  supportOrder: { as: 'consumer', query: 'query($id: ID!) { supportOrder(order_id: $id) { missing } }' },
  addToCart: { as: 'consumer', query: 'mutation($id: ID!) { addToCart(meal_id: $id) { item_count } }' },
  setCartQuantity: { as: 'consumer', query: 'mutation($id: ID!) { setCartQuantity(meal_id: $id, quantity: 2) { item_count } }' },
  removeFromCart: { as: 'consumer', query: 'mutation($id: ID!) { removeFromCart(meal_id: $id) { item_count } }' },
  changeCheckoutSlot: {
    as: 'consumer',
    query: 'mutation($id: ID!, $s: ChosenSlotInput!) { changeCheckoutSlot(checkout_id: $id, slot: $s) { checkout_id } }',
    vars: { s: SLOT },
  },
  renewCheckout: { as: 'consumer', query: 'mutation($id: ID!) { renewCheckout(checkout_id: $id) { checkout_id } }' },
  confirmSandboxPayment: {
    as: 'consumer',
    query:
      'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }',
  },
  cancelOrder: { as: 'consumer', query: 'mutation($id: ID!) { cancelOrder(order_id: $id) { order_id } }' },
  submitReview: { as: 'consumer', query: 'mutation($id: ID!) { submitReview(order_id: $id, rating: 5) { review_id } }' },
  changeOrderStatus: { as: 'cook', query: 'mutation($id: ID!) { changeOrderStatus(order_id: $id, to: confirmed) { order_id } }' },
  movePickupSlot: { as: 'cook', query: `mutation($id: ID!) { movePickupSlot(order_id: $id, start: "${SLOT.start}") { order_id } }` },
  refundDeliveredOrder: { as: 'cook', query: 'mutation($id: ID!) { refundDeliveredOrder(order_id: $id) { refund_id } }' },
  deleteMeal: { as: 'cook', query: 'mutation($id: ID!) { deleteMeal(meal_id: $id) }' },
  stopCampaign: { as: 'cook', query: 'mutation($id: ID!) { stopCampaign(campaign_id: $id) { status } }' },
  setPromotionState: { as: 'cook', query: 'mutation($id: ID!) { setPromotionState(promotion_id: $id, state: "paused") { state } }' },
  promoCode: { as: 'consumer', query: 'query($id: ID!) { promoCode(cook_id: $id, code: "NOPE2026") { cents } }' },
  recordSponsoredDisplay: { as: 'anonymous', query: 'mutation($id: ID!) { recordSponsoredDisplay(campaign_id: $id) }' },
  recordSponsoredClick: { as: 'anonymous', query: 'mutation($id: ID!) { recordSponsoredClick(campaign_id: $id) }' },
  // Operators only (the console's cookie): nobody here is one, refused before the id is read.
  traderFile: { as: 'anonymous', query: 'query($id: ID!) { traderFile(cook_id: $id) { status } }' },
  decideTraderVerification: {
    as: 'anonymous',
    query: 'mutation($id: ID!) { decideTraderVerification(cook_id: $id, revision: 1, decision: verify) { applied } }',
  },
  updateMeal: {
    as: 'cook',
    query: 'mutation($id: ID!, $i: UpdateMealInput!) { updateMeal(meal_id: $id, input: $i) { meal_id } }',
    vars: { i: { name: 'Quiche', description: 'Maison', price_cents: 800, portions_available: 3 } },
  },
};
describe('hostile input: generated GraphQL arguments and uploads', () => {
  const apps: INestApplication[] = [];
  let url: string;
  let media: MediaStorage;
  let identityDb: Connection;
  let cartDb: Connection;
  const sessions = {} as Record<'anonymous' | 'consumer' | 'cook', GqlSession>;
  let cookId = '';
  let consumerId = '';
  const created = { users: 0, meals: 0 };

  let stack: Services;

  beforeAll(async () => {
    stack = await startServices(__filename);
    const identity = stack.apps.identity!;
    identityDb = identity.get<Connection>(getConnectionToken());
    cartDb = stack.apps.cart!.get<Connection>(getConnectionToken());
    // The BFF stores pictures in the catalogue's bucket, as deployed (stack.bffEnv).
    const config = bffConfig(stack.bffEnv(unlimitedRateLimits(['RATE_LIMIT_EXPORT'])));
    media = new MediaStorage(config);
    const bff = await startBff(config, { http: true });
    apps.push(bff.app);
    url = bff.url;
    sessions.anonymous = new GqlSession(url);
    for (const type of ['consumer', 'cook'] as const) {
      const s = new GqlSession(url);
      const r = await s.gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', {
        i: newAccount(`h${type}`, type, 'H'),
      });
      expect(r.errors).toBeUndefined();
      await markEmailVerified(identity); // publishing needs a confirmed address
      if (type === 'cook') await markSellerVerified(identity); // and a verified seller (fixture)
      if (type === 'cook') cookId = r.data.signUp.user.user_id;
      else consumerId = r.data.signUp.user.user_id;
      sessions[type] = s;
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await stack?.close();
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
          const res = await uploadMealPicture(url, sessions.cook.cookieHeader(), new Blob([bytes], { type }), filename || 'x');
          const body = (await res.json()) as { message?: string; image_key?: string };
          expect(res.status).toBeLessThan(500);
          if (res.status === 201) stored += 2;
          else expect(isFrench(body.message ?? ''), body.message).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
    const oversized = new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/jpeg' });
    const big = await uploadMealPicture(url, sessions.cook.cookieHeader(), oversized, 'big.jpg');
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: "L'image ne doit pas dépasser 5MB" });
    expect(await media.count('meals/')).toBe(before + stored);
  });

  it('every query and mutation taking an id is in the table below', () => {
    const schema = buildSchema(readFileSync(join(__dirname, '..', 'schema.graphql'), 'utf8'));
    const takesId = (f: GraphQLField<unknown, unknown>) => f.args.some((a) => getNamedType(a.type).name === 'ID');
    const fields = [...Object.values(schema.getQueryType()!.getFields()), ...Object.values(schema.getMutationType()!.getFields())];
    expect(Object.keys(ID_OPERATIONS).sort()).toEqual(
      fields
        .filter(takesId)
        .map((f) => f.name)
        .sort(),
    );
  });

  /** The parts of an answer a person or a program reads: data, codes and messages (not the error's path). */
  const outcome = (answer: Awaited<ReturnType<typeof send>>) => ({
    status: answer.status,
    data: answer.json?.data,
    errors: answer.json?.errors?.map((e) => ({ message: e.message, code: (e.extensions as { code?: string })?.code })),
  });

  for (const [name, call] of Object.entries(ID_OPERATIONS)) {
    it(`${name}: a malformed id (10 KB, path-like, a subject wildcard) is answered as an unknown id, at once`, async () => {
      const ask = (id: string) => send(sessions[call.as], JSON.stringify({ query: call.query, variables: { ...call.vars, id } }));
      const unknown = await ask(UNKNOWN_ID);
      expectFrench(unknown, `${name} ${UNKNOWN_ID}`);
      for (const id of MALFORMED_IDS) {
        const started = Date.now();
        const answer = await ask(id);
        const took = Date.now() - started;
        expectFrench(answer, `${name} ${id.slice(0, 20)}`);
        expect(outcome(answer), `${name} ${id.slice(0, 20)}`).toEqual(outcome(unknown));
        expect(took, `${name} ${id.slice(0, 20)}: ${took} ms`).toBeLessThan(1000);
      }
    });
  }

  it('behind the BFF too: ordering answers a malformed order id at once, an unknown one without waiting for its lock', async () => {
    const nc = await testNats();
    const rpc = await testRpcClient();
    const locks = new DistributedLocks(nc);
    try {
      // Whatever a key holds, the lock bucket takes it, and the connection stays up.
      for (const id of MALFORMED_IDS) expect(await locks.run(`orders:${id}`, async () => 'ran')).toBe('ran');
      await nc.flush();
      const consumer = { user_id: consumerId, user_type: 'consumer' as const };
      const cook = { user_id: cookId, user_type: 'cook' as const };
      const options = { timeoutMs: 3000 };
      const calls = (order_id: string) => [
        rpc.call(OrderingRpc.cancelOrder, { actor: consumer, order_id, reason: '' }, options),
        rpc.call(OrderingRpc.submitReview, { actor: consumer, consumer_name: 'H', order_id, rating: 5, comment: '' }, options),
        rpc.call(OrderingRpc.changeStatus, { actor: cook, order_id, to: 'confirmed' }, options),
        rpc.call(OrderingRpc.movePickupSlot, { actor: cook, order_id, start: '2030-01-01T10:00:00.000Z' }, options),
      ];
      // Someone holds the lock of an order that does not exist: asking about that order does not wait for them.
      let release!: () => void;
      let held!: Promise<void>;
      await new Promise<void>((acquired) => {
        held = locks.run(`orders:${UNKNOWN_ID}`, () => new Promise<void>((r) => ((release = r), acquired())));
      });
      try {
        for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
          const started = Date.now();
          for (const answer of await Promise.allSettled(calls(id)))
            expect(answer, id.slice(0, 20)).toMatchObject({
              status: 'rejected',
              reason: { code: 'NOT_FOUND', message: ORDER_MESSAGES.notFound },
            });
          expect(Date.now() - started, id.slice(0, 20)).toBeLessThan(1000);
        }
      } finally {
        release();
        await held;
      }
    } finally {
      await rpc.close();
      await nc.close();
    }
  });

  it('malformed HTTP requests → 400, a validation code in French, nothing run, no submitted value echoed', async () => {
    const SECRET = 'Mot2passe-tres-secret';
    const signIn = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { user_id } } }';
    const post = async (body: string, contentType = 'application/json') => {
      const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': contentType }, body });
      const text = await res.text();
      return {
        status: res.status,
        text,
        json: JSON.parse(text) as { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] },
      };
    };
    const users = await identityDb.collection('users').countDocuments();
    const signUp = (name: string) =>
      JSON.stringify({
        query: 'mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }',
        variables: {
          i: { email: `${name}@popote.test`, password: 'secret1', name, username: name, location: 'Lyon', user_type: 'consumer' },
        },
      });
    const cases: [string, string, string?][] = [
      ['empty body', ''],
      ['query as a number', JSON.stringify({ query: 42 })],
      ['variables as a string', JSON.stringify({ query: '{ __typename }', variables: 'x' })],
      ['a batch', JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }])],
      ['a batch of mutations', `[${signUp('batcha')},${signUp('batchb')}]`],
      ['text/plain (cross-site)', signUp('plaintext'), 'text/plain'],
      ['a password of the wrong type', JSON.stringify({ query: signIn, variables: { e: 'a@popote.test', p: { secret: SECRET } } })],
      ['a password as a number', JSON.stringify({ query: signIn, variables: { e: 'a@popote.test', p: 424242424242 } })],
      ['a missing password', JSON.stringify({ query: signIn, variables: { e: SECRET } })],
      [
        'an inline password of the wrong type',
        JSON.stringify({ query: `mutation { signIn(email: "${SECRET}", password: 424242424242) { user { user_id } } }` }),
      ],
      [
        'an unknown enum value',
        JSON.stringify({ query: `mutation { changeOrderStatus(order_id: "x", to: ${SECRET.replace(/-/g, '_')}) { order_id } }` }),
      ],
      ['a syntax error after a value', JSON.stringify({ query: `mutation { signIn(email: "a" "${SECRET}") }` })],
      // Subscriptions live on the WebSocket: over HTTP the event stream used to reach the serializer (INTERNAL).
      ['a subscription over HTTP', JSON.stringify({ query: 'subscription { orderUpdated { order_id } }' })],
    ];
    for (const [what, body, contentType] of cases) {
      const answer = await post(body, contentType);
      expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBe(400);
      expect(answer.json.errors?.length, what).toBeGreaterThan(0);
      for (const e of answer.json.errors!) {
        expect(e.extensions?.code, `${what}: ${answer.text.slice(0, 300)}`).toBe('VALIDATION_FAILED');
        expect(isFrench(e.message), `${what}: "${e.message}"`).toBe(true);
      }
      for (const value of [SECRET, '424242424242', SECRET.replace(/-/g, '_')]) expect(answer.text, what).not.toContain(value);
    }
    // Nothing ran: no account was made by the batch or the cross-site form.
    expect(await identityDb.collection('users').countDocuments()).toBe(users);
  });

  it('values that used to be stored: an impossible day off, a picture nobody uploaded → refused in French on the field', async () => {
    const settings = {
      windows: [{ weekday: 1, start: '10:00', end: '12:00' }],
      days_off: ['2026-13-45'],
      address: { street: '1 rue du Test', postcode: '75001', commune_code: '75101' },
      cutoff_minutes: 0,
      slot_minutes: 15,
      capacity: 5,
      capacity_unit: 'orders',
    };
    const day = await send(
      sessions.cook,
      JSON.stringify({
        query: 'mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }',
        variables: { i: settings },
      }),
    );
    expectFrench(day, 'days_off 2026-13-45');
    expect(day.json!.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
    const picture = await send(
      sessions.cook,
      JSON.stringify({
        query: 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }',
        variables: {
          i: {
            name: 'Dal de lentilles',
            description: 'Mijoté',
            price_cents: 900,
            portions_available: 5,
            ingredients: ['Lentilles'],
            allergens: [],
            category: 'healthy',
            preparation_time: 20,
            available_date: new Date().toISOString(),
            image_key: 'meals/1_inconnu.png',
          },
        },
      }),
    );
    expectFrench(picture, 'image_key meals/1_inconnu.png');
    expect(picture.json!.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(picture.json!.errors?.[0]?.extensions?.fields?.image_key).toMatch(/image/i);
  });

  it('an empty or blank push endpoint to forget names no device → refused in French, nothing removed', async () => {
    for (const endpoint of ['', '   ', '\t\n']) {
      const answer = await send(
        sessions.consumer,
        JSON.stringify({ query: 'mutation($e: String!) { unsubscribePush(endpoint: $e) }', variables: { e: endpoint } }),
      );
      expectFrench(answer, `unsubscribePush ${JSON.stringify(endpoint)}`);
      expect(answer.json!.errors?.[0]?.extensions, JSON.stringify(endpoint)).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(answer.json!.data?.unsubscribePush ?? null).toBeNull();
    }
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
