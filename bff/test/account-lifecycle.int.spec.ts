import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { ACCOUNT_MESSAGES, EXPORT_MESSAGES } from '@popote/contracts';
import { MediaStorage } from '@popote/platform';
import { chooseSlotsGql, eventually, GqlSession, PICKUP_ALL_DAY, tokenOfLink, waitForMail } from '@popote/testing';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSellerVerified } from '../../services/identity/test/fixtures';
import { ErasedAccounts } from '../../services/ordering/src/account/erased-accounts';
import { jpeg, uploadMealPicture } from './support/media';
import { bffConfig, startBff, startServices, type Services } from './support/services';

const ME = '{ me { user { user_id email email_verified } } }';
const SIGN_UP = 'mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }';
const SIGN_IN = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { user_id } } }';
const VERIFY = 'mutation($t: String!) { verifyEmail(token: $t) { email purpose } }';
const PAY = 'mutation($s: [ChosenSlotInput!]!) { createPaymentIntent(slots: $s) { checkout { checkout_id } } }';
const EXPORT_FIELDS = '{ export_id status download_url expires_at size_bytes }';
const REQUEST_EXPORT = `mutation { requestDataExport ${EXPORT_FIELDS} }`;
const DATA_EXPORT = `{ dataExport ${EXPORT_FIELDS} }`;
const CONFIRM =
  'mutation($id: ID!) { confirmSandboxPayment(checkout_id: $id, card: {number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123"}) { status } }';

let n = 0;
interface Person {
  s: GqlSession;
  user_id: string;
  email: string;
  name: string;
  username: string;
  location: string;
  password: string;
}

/**
 * The account lifecycle end to end through the BFF, with every service, the mail server and the bucket real:
 * verification and reset links from the inbox (single use, expiry, concurrent clicks), email change,
 * the export job and its archive, erasure blocked by an order in progress, and — after erasure — a search of
 * every collection of every database and of the bucket for anything personal.
 */
describe('account lifecycle through the BFF', () => {
  const apps: Record<string, INestApplication> = {};
  let url: string;
  let bffDb: Connection;
  let media: MediaStorage;
  let exportsBucket: MediaStorage;

  const gqlOk = async (s: GqlSession, query: string, variables: Record<string, unknown> = {}) => {
    const r = await s.gql(query, variables);
    expect(r.errors, query).toBeUndefined();
    return r.data;
  };
  const errorOf = async (s: GqlSession, query: string, variables: Record<string, unknown> = {}) => {
    const r = await s.gql(query, variables);
    expect(r.errors?.length, `${query} should fail`).toBeGreaterThan(0);
    return r.errors![0]!;
  };

  const signUp = async (user_type: 'consumer' | 'cook', verify = true): Promise<Person> => {
    const tag = `${Date.now().toString(36)}${++n}`;
    const p = {
      s: new GqlSession(url),
      email: `cycle-${tag}@popote.test`,
      name: `Zéphyrine Quillard${tag}`,
      username: `zq_${tag}`,
      location: `Quartier-${tag}`,
      password: 'secret1',
    };
    const r = await gqlOk(p.s, SIGN_UP, {
      i: { email: p.email, password: p.password, name: p.name, username: p.username, location: p.location, user_type },
    });
    const person = { ...p, user_id: r.signUp.user.user_id as string };
    if (verify) {
      const mail = await waitForMail(person.email, /Confirmez votre adresse email/);
      await gqlOk(person.s, VERIFY, { t: tokenOfLink(mail.text) });
      // A new dish needs a verified seller: a fixture, as an operator's verification would (traders.int.spec.ts tests it).
      if (user_type === 'cook') await markSellerVerified(apps.identity!, person.email);
    }
    return person;
  };

  let stack: Services;

  beforeAll(async () => {
    stack = await startServices(__filename, { seed: 'catalogue' });
    Object.assign(apps, stack.apps);
    const bffEnv = stack.bffEnv({ RATE_LIMIT_SIGN_UP: '1000/60', EXPORT_BUCKET: `${stack.env('catalogue').MEDIA_BUCKET!}-exports` });
    const config = bffConfig(bffEnv);
    media = new MediaStorage(config);
    exportsBucket = new MediaStorage({ ...config, MEDIA_BUCKET: config.EXPORT_BUCKET });
    const bff = await startBff(config);
    apps.bff = bff.app;
    url = bff.url;
    bffDb = await mongoose.createConnection(bffEnv.MONGO_URL!, { dbName: bffEnv.MONGO_DB }).asPromise();
  }, 120_000);

  afterAll(async () => {
    await bffDb?.close();
    await apps.bff?.close();
    await stack?.close();
  });

  it('an unverified account browses and fills a cart, cannot pay; its link confirms it once, even clicked twice at once', async () => {
    const p = await signUp('consumer', false);
    expect((await gqlOk(p.s, ME)).me.user.email_verified).toBe(false);
    expect((await gqlOk(p.s, 'mutation { addToCart(meal_id: "demo-meal-bowl", quantity: 1) { item_count } }')).addToCart.item_count).toBe(
      1,
    );
    const refused = await errorOf(p.s, PAY, { s: [] });
    expect(refused).toMatchObject({ message: ACCOUNT_MESSAGES.emailNotVerified, extensions: { code: 'FORBIDDEN' } });

    const token = tokenOfLink((await waitForMail(p.email, /Confirmez votre adresse email/)).text);
    const [a, b] = await Promise.all([p.s.gql(VERIFY, { t: token }), new GqlSession(url).gql(VERIFY, { t: token })]);
    const outcomes = [a, b].map((r) => (r.errors ? r.errors[0]!.message : 'ok')).sort();
    expect(outcomes).toEqual([ACCOUNT_MESSAGES.linkUsed, 'ok']);
    // The same session sees it at once (no new sign-in).
    expect((await gqlOk(p.s, ME)).me.user.email_verified).toBe(true);
    expect((await errorOf(p.s, VERIFY, { t: token })).message).toBe(ACCOUNT_MESSAGES.linkUsed);
    expect((await errorOf(p.s, 'mutation { resendVerificationEmail }')).message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
  }, 60_000);

  it("'Renvoyer l'email' replaces the link; an expired link is refused", async () => {
    const p = await signUp('cook', false);
    const SUBJECT = /Confirmez votre adresse email/;
    const first = tokenOfLink((await waitForMail(p.email, SUBJECT)).text);
    expect((await gqlOk(p.s, 'mutation { resendVerificationEmail }')).resendVerificationEmail).toBe(true);
    const second = tokenOfLink((await waitForMail(p.email, SUBJECT, 1)).text);
    expect(second).not.toBe(first);
    expect((await errorOf(p.s, VERIFY, { t: first })).message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    // Expiry: the stored expiry moved into the past, the link is refused and the address stays unconfirmed.
    const tokens = apps.identity!.get<Connection>(getConnectionToken()).collection('accountTokens');
    expect((await tokens.updateMany({ user_id: p.user_id }, { $set: { expires_at: new Date(Date.now() - 1000) } })).modifiedCount).toBe(1);
    expect((await errorOf(p.s, VERIFY, { t: second })).message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    expect((await gqlOk(p.s, ME)).me.user.email_verified).toBe(false);
    const publish = await errorOf(p.s, 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', {
      i: {
        name: 'Soupe',
        description: 'Chaude',
        price_cents: 500,
        portions_available: 1,
        ingredients: ['Riz'],
        allergens: [],
        category: 'healthy',
        preparation_time: 5,
        available_date: new Date().toISOString(),
      },
    });
    expect(publish.message).toBe(ACCOUNT_MESSAGES.emailNotVerified);
  }, 60_000);

  it("the session's token says the buyer's name and confirmed address: a new name is on the next checkout at once", async () => {
    const cook = await signUp('cook');
    const buyer = await signUp('consumer');
    await gqlOk(cook.s, 'mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }', { i: PICKUP_ALL_DAY });
    const meal = await gqlOk(cook.s, 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', {
      i: {
        name: 'Tian de légumes',
        description: 'Courgettes, tomates et oignons rôtis au four',
        price_cents: 900,
        portions_available: 3,
        ingredients: ['Courgette'],
        allergens: [],
        category: 'healthy',
        preparation_time: 30,
        available_date: new Date().toISOString(),
      },
    });
    // The token issued at sign-up says the old name (and an address not confirmed yet): the new name
    // must reach the checkout all the same, through the session issued again with the change.
    const renamed = `Zoé Renommée${++n}`;
    const PROFILE = 'mutation($i: ProfileInput!) { updateProfile(input: $i) { user { name } } }';
    const updated = await gqlOk(buyer.s, PROFILE, { i: { name: renamed, username: buyer.username, location: buyer.location, bio: '' } });
    expect(updated.updateProfile.user.name).toBe(renamed);
    await gqlOk(buyer.s, 'mutation($m: ID!) { addToCart(meal_id: $m, quantity: 1) { item_count } }', { m: meal.createMeal.meal_id });
    const intent = await gqlOk(buyer.s, PAY, { s: await chooseSlotsGql(buyer.s) });
    const checkoutId = intent.createPaymentIntent.checkout.checkout_id as string;
    const stored = await apps
      .payments!.get<Connection>(getConnectionToken())
      .collection('checkouts')
      .findOne({ _id: checkoutId as never });
    expect(stored?.consumer_name).toBe(renamed);
  }, 60_000);

  it('password reset: the same answer for an unknown address; a single-use link; every session closed', async () => {
    const p = await signUp('consumer');
    const other = new GqlSession(url);
    await gqlOk(other, SIGN_IN, { e: p.email, p: p.password });
    const anon = new GqlSession(url);
    expect(await gqlOk(anon, 'mutation { requestPasswordReset(email: "personne-ici@popote.test") }')).toEqual({
      requestPasswordReset: true,
    });
    expect(await gqlOk(anon, 'mutation($e: String!) { requestPasswordReset(email: $e) }', { e: p.email })).toEqual({
      requestPasswordReset: true,
    });
    const mail = await waitForMail(p.email, /Réinitialisation de votre mot de passe/);
    expect(mail.text).toContain('30 minutes');
    // The unknown address got the same answer and no email (asked first, so it would be there by now).
    await expect(waitForMail('personne-ici@popote.test', /./, 0, 1_000)).rejects.toThrow(/no email/);
    const token = tokenOfLink(mail.text);
    const RESET = 'mutation($i: ResetPasswordInput!) { resetPassword(input: $i) }';
    const bad = await errorOf(anon, RESET, { i: { token, new_password: 'nouveau1', confirm_password: 'nouveau2' } });
    expect(bad.extensions?.fields).toMatchObject({ confirm_password: 'Les mots de passe ne correspondent pas' });
    await gqlOk(anon, RESET, { i: { token, new_password: 'nouveau1', confirm_password: 'nouveau1' } });
    expect((await errorOf(anon, RESET, { i: { token, new_password: 'nouveau3', confirm_password: 'nouveau3' } })).message).toBe(
      ACCOUNT_MESSAGES.linkUsed,
    );
    // Both open sessions are closed (the BFF hears it from identity's announcement); the old password
    // no longer opens one, the new one does.
    await eventually(async () => ((await p.s.gql(ME)).data.me === null ? true : undefined), 5_000);
    await eventually(async () => ((await other.gql(ME)).data.me === null ? true : undefined), 5_000);
    expect((await errorOf(anon, SIGN_IN, { e: p.email, p: p.password })).extensions?.code).toBe('INVALID_CREDENTIALS');
    await gqlOk(anon, SIGN_IN, { e: p.email, p: 'nouveau1' });
    // An expired reset link is refused.
    await gqlOk(anon, 'mutation($e: String!) { requestPasswordReset(email: $e) }', { e: p.email });
    const again = tokenOfLink((await waitForMail(p.email, /Réinitialisation de votre mot de passe/, 1)).text);
    const tokens = apps.identity!.get<Connection>(getConnectionToken()).collection('accountTokens');
    await tokens.updateMany({ user_id: p.user_id, purpose: 'reset' }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    expect((await errorOf(anon, RESET, { i: { token: again, new_password: 'nouveau4', confirm_password: 'nouveau4' } })).message).toBe(
      ACCOUNT_MESSAGES.linkInvalid,
    );
  }, 60_000);

  it('email change: a link to the new address, a notice to the old; nothing changes until it is opened; a taken address is refused', async () => {
    const p = await signUp('consumer');
    const taken = await signUp('consumer');
    const CHANGE = 'mutation($i: ChangeEmailInput!) { requestEmailChange(input: $i) }';
    const refused = await errorOf(p.s, CHANGE, { i: { new_email: taken.email, current_password: p.password } });
    expect(refused.extensions?.fields).toMatchObject({ new_email: 'Cette adresse email est déjà utilisée' });
    expect((await errorOf(p.s, CHANGE, { i: { new_email: `x${p.email}`, current_password: 'mauvais' } })).extensions?.fields).toMatchObject(
      {
        current_password: ACCOUNT_MESSAGES.passwordWrong,
      },
    );
    const next = `nouvelle-${p.email}`;
    await gqlOk(p.s, CHANGE, { i: { new_email: next, current_password: p.password } });
    const notice = await waitForMail(p.email, /changement d'adresse email/);
    expect(notice.text).toContain(next);
    expect((await gqlOk(p.s, ME)).me.user.email).toBe(p.email);
    const link = await waitForMail(next, /Confirmez votre nouvelle adresse email/);
    expect(await gqlOk(new GqlSession(url), VERIFY, { t: tokenOfLink(link.text) })).toEqual({
      verifyEmail: { email: next, purpose: 'email-change' },
    });
    expect((await gqlOk(p.s, ME)).me.user).toMatchObject({ email: next, email_verified: true });
    await gqlOk(new GqlSession(url), SIGN_IN, { e: next, p: p.password });
  }, 60_000);

  it('export, erasure blocked by an order in progress, then nothing personal left in any database or the bucket', async () => {
    const cook = await signUp('cook');
    const buyer = await signUp('consumer');
    // The cook's dish, with a picture in the bucket.
    const up = await uploadMealPicture(url, cook.s.cookieHeader(), await jpeg(800, 600, '#3b7a57'));
    expect(up.status).toBe(201);
    const imageKey = ((await up.json()) as { image_key: string }).image_key;
    const description = `Recette secrète de ${cook.name}`;
    const meal = await gqlOk(cook.s, 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', {
      i: {
        name: 'Gratin du dimanche',
        description,
        price_cents: 1200,
        portions_available: 10,
        ingredients: ['Pomme de terre'],
        allergens: [],
        category: 'healthy',
        preparation_time: 30,
        available_date: new Date().toISOString(),
        image_key: imageKey,
      },
    });
    const mealId = meal.createMeal.meal_id as string;
    // Where the buyer picks it up: the cook's address is personal data too.
    await gqlOk(cook.s, 'mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }', {
      i: { ...PICKUP_ALL_DAY, address: { street: `3 impasse ${cook.username}`, postcode: '69001', commune_code: '69381' } },
    });
    // The buyer's order, paid: in progress.
    await gqlOk(buyer.s, 'mutation($m: ID!) { addToCart(meal_id: $m, quantity: 2) { item_count } }', { m: mealId });
    const intent = await gqlOk(buyer.s, PAY, { s: await chooseSlotsGql(buyer.s) });
    const checkoutId = intent.createPaymentIntent.checkout.checkout_id as string;
    await gqlOk(buyer.s, CONFIRM, { id: checkoutId });
    const orderId = await eventually(async () => {
      const d = await gqlOk(buyer.s, 'query($id: ID!) { checkoutOrders(checkout_id: $id) { order_id } }', { id: checkoutId });
      return d.checkoutOrders[0]?.order_id as string | undefined;
    }, 20_000);
    const contactText = `Bonjour, ici ${buyer.name}, une question`;
    await gqlOk(new GqlSession(url), 'mutation($i: ContactInput!) { sendContactMessage(input: $i) }', {
      i: { name: buyer.name, email: buyer.email, subject: 'Question', message: contactText },
    });
    // The same person, signed in this time: the message is recorded with their account.
    const contactSignedIn = `Bonjour, ici ${buyer.name}, depuis mon compte`;
    await gqlOk(buyer.s, 'mutation($i: ContactInput!) { sendContactMessage(input: $i) }', {
      i: { name: buyer.name, email: buyer.email, subject: 'Question', message: contactSignedIn },
    });
    await gqlOk(buyer.s, 'mutation { addToCart(meal_id: "demo-meal-bowl", quantity: 1) { item_count } }');

    // Erasure waits for the order, with the reason in French, on both sides.
    const DELETE = 'mutation($p: String!) { deleteAccount(password: $p) }';
    expect(await errorOf(buyer.s, DELETE, { p: buyer.password })).toMatchObject({
      message: ACCOUNT_MESSAGES.erasureBlockedOrder,
      extensions: { code: 'CONFLICT' },
    });
    expect((await errorOf(cook.s, DELETE, { p: cook.password })).message).toBe(ACCOUNT_MESSAGES.erasureBlockedCookOrder);
    expect((await errorOf(buyer.s, DELETE, { p: 'mauvais' })).extensions?.fields).toMatchObject({
      password: ACCOUNT_MESSAGES.passwordWrong,
    });
    expect((await gqlOk(buyer.s, ME)).me.user.email).toBe(buyer.email);
    for (const to of ['confirmed', 'preparing', 'ready', 'delivered'])
      await gqlOk(cook.s, 'mutation($id: ID!, $to: OrderStatus!) { changeOrderStatus(order_id: $id, to: $to) { order_status } }', {
        id: orderId,
        to,
      });
    const review = `Délicieux, signé ${buyer.username}`;
    await gqlOk(buyer.s, 'mutation($id: ID!, $c: String) { submitReview(order_id: $id, rating: 5, comment: $c) { rating } }', {
      id: orderId,
      c: review,
    });

    // Export (a job): every service's part, and the dish's picture; the owner alone downloads it.
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    const downloads: Record<string, string> = {};
    for (const [who, person] of [
      ['cook', cook],
      ['buyer', buyer],
    ] as const) {
      const asked = (await gqlOk(person.s, REQUEST_EXPORT)).requestDataExport;
      expect(asked).toMatchObject({ status: expect.stringMatching(/^(preparing|ready)$/) });
      const ready = await eventually(async () => {
        const d = (await gqlOk(person.s, DATA_EXPORT)).dataExport;
        return d.status === 'ready' ? d : undefined;
      }, 30_000);
      expect(ready.export_id).toBe(asked.export_id);
      const res = await fetch(`${url}${ready.download_url}`, { headers: { cookie: person.s.cookieHeader() } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      downloads[who] = ready.download_url;
      const file = join(dir, `${who}.zip`);
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      expect(names).toEqual(
        expect.arrayContaining([
          'LISEZMOI.txt',
          'identity/profile.json',
          'catalogue/dishes.json',
          'cart/cart.json',
          'ordering/orders-placed.json',
          'ordering/reviews-written.json',
          'ordering/reviews-received.json',
          'payments/payments.json',
          'notifications/emails-sent.json',
          'notifications/contact-messages.json',
        ]),
      );
      const read = (name: string) => JSON.parse(execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' }));
      expect(read('identity/profile.json')).toMatchObject({ email: person.email, name: person.name });
      if (who === 'cook') {
        expect(names).toContain(`catalogue/pictures/${imageKey.split('/').pop()}`);
        expect(read('catalogue/dishes.json')[0]).toMatchObject({ meal_id: mealId, description });
        expect(read('ordering/reviews-received.json')[0]).toMatchObject({ comment: review });
      } else {
        expect(read('ordering/orders-placed.json')[0]).toMatchObject({ order_id: orderId });
        // Sent from the contact form signed out: an address typed in a form proves nothing, so it is not
        // in the export (only messages sent from the account are); it is erased with the account below.
        expect(read('notifications/contact-messages.json')).toEqual([expect.objectContaining({ message: contactSignedIn })]);
        expect(execFileSync('unzip', ['-p', file, 'notifications/contact-messages.json'], { encoding: 'utf8' })).not.toContain(contactText);
        expect(read('payments/payments.json')[0]).toMatchObject({ _id: checkoutId });
      }
      // The email with the link (the profile, where signing in is needed).
      const mail = await waitForMail(person.email, /Votre archive de données Popote est prête/);
      expect(mail.text).toContain('/profile#mes-donnees');
      expect(mail.text).not.toContain(ready.export_id);
    }
    // Nobody else's session opens an archive, signed out neither: French refusals, never the file.
    const stranger = await fetch(`${url}${downloads.cook}`, { headers: { cookie: buyer.s.cookieHeader() } });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ message: EXPORT_MESSAGES.notFound });
    const anonymous = await fetch(`${url}${downloads.cook}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: EXPORT_MESSAGES.downloadSignIn });
    // The archives are in the private exports bucket, not in the public media one.
    expect(await exportsBucket.keys(`${cook.user_id}/`)).toHaveLength(1);
    expect((await fetch(`${url}/media/${cook.user_id}/${downloads.cook!.split('/').pop()}`)).status).toBe(404);

    // The cook is owed the share of the picked-up order: the erasure waits until it is paid out.
    await eventually(async () => {
      const r = await cook.s.gql(DELETE, { p: cook.password });
      return r.errors?.[0]?.message === ACCOUNT_MESSAGES.erasureBlockedPayout ? true : undefined;
    }, 20_000);
    const origin = { origin: 'http://127.0.0.1:3000' };
    expect((await cook.s.gql('mutation { connectPayoutAccount { url } }', {}, origin)).errors).toBeUndefined();
    await gqlOk(cook.s, 'mutation { completeSandboxOnboarding { status } }');
    expect((await gqlOk(cook.s, 'mutation { requestPayout { amount_cents status } }')).requestPayout).toMatchObject({ status: 'paid' });

    // Erasure.
    await gqlOk(buyer.s, DELETE, { p: buyer.password });
    await gqlOk(cook.s, DELETE, { p: cook.password });
    await eventually(async () => ((await buyer.s.gql(ME)).data.me === null ? true : undefined), 5_000);
    expect((await errorOf(new GqlSession(url), SIGN_IN, { e: cook.email, p: cook.password })).extensions?.code).toBe('INVALID_CREDENTIALS');

    // Nothing personal anywhere: every collection of every database, and the bucket.
    const needles = [cook, buyer]
      .flatMap((p) => [p.email, p.name, p.username, p.location])
      .concat([description, contactText, contactSignedIn, review]);
    const databases: [string, Connection][] = [
      ...['identity', 'catalogue', 'cart', 'ordering', 'payments', 'notifications'].map(
        (s) => [s, apps[s]!.get<Connection>(getConnectionToken())] as [string, Connection],
      ),
      ['bff', bffDb],
    ];
    // What the law keeps six months after the trading relationship ends (EU Digital Services Act,
    // article 30(3)): the cook's trader file, checked apart below.
    const keptByLaw = (service: string, collection: string, doc: { _id: unknown }) =>
      service === 'identity' && collection === 'traders' && doc._id === cook.user_id;
    const leftovers = async () => {
      const found: string[] = [];
      for (const [service, conn] of databases) {
        for (const { name } of await conn.db!.listCollections().toArray()) {
          for (const doc of await conn.db!.collection(name).find({}).toArray()) {
            if (keptByLaw(service, name, doc)) continue;
            const text = JSON.stringify(doc).toLowerCase();
            for (const needle of needles) if (text.includes(needle.toLowerCase())) found.push(`${service}.${name}: ${needle}`);
          }
        }
      }
      return found;
    };
    await eventually(async () => ((await leftovers()).length === 0 ? true : undefined), 30_000).catch(() => undefined);
    expect(await leftovers()).toEqual([]);
    // The export archives went with the account (jobs above, objects here).
    expect(await exportsBucket.keys()).toEqual([]);
    const keys = await media.keys('meals/');
    expect(keys.filter((k) => k.startsWith(imageKey.replace(/\.jpg$/, '')))).toEqual([]);
    // The cook's trader file: kept, out of every page, until six months after the erasure.
    const traderFile = await apps
      .identity!.get<Connection>(getConnectionToken())
      .collection('traders')
      .findOne({ _id: cook.user_id as never });
    expect(traderFile).toMatchObject({ status: 'verified', relationship_ended_at: expect.any(Date), delete_after: expect.any(Date) });
    const months = (traderFile!.delete_after.getTime() - traderFile!.relationship_ended_at.getTime()) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThan(5.9);
    expect(months).toBeLessThan(6.1);
    // What the law keeps: the order and the payment, without identity.
    const order = await apps
      .ordering!.get<Connection>(getConnectionToken())
      .collection('orders')
      .findOne({ _id: orderId as never });
    expect(order).toMatchObject({ consumer_id: buyer.user_id, total_cents: 2400, cook_name: 'Compte supprimé' });
    const checkout = await apps
      .payments!.get<Connection>(getConnectionToken())
      .collection('checkouts')
      .findOne({ _id: checkoutId as never });
    expect(checkout).toMatchObject({ amount_cents: 2400, status: 'succeeded' });
  }, 180_000);

  it('an order paid while the account is being erased blocks the erasure or is cancelled and refunded: never an erased account with an open order', async () => {
    const cook = await signUp('cook');
    await gqlOk(cook.s, 'mutation($i: PickupSettingsInput!) { updatePickupSettings(input: $i) { cook_id } }', { i: PICKUP_ALL_DAY });
    const meal = (
      await gqlOk(cook.s, 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }', {
        i: {
          name: 'Soupe de la course',
          description: 'Chaude',
          price_cents: 700,
          portions_available: 50,
          ingredients: ['Riz'],
          allergens: [],
          category: 'healthy',
          preparation_time: 5,
          available_date: new Date().toISOString(),
        },
      })
    ).createMeal.meal_id as string;
    const DELETE = 'mutation($p: String!) { deleteAccount(password: $p) }';
    const ADD = 'mutation($m: ID!) { addToCart(meal_id: $m, quantity: 1) { item_count } }';
    const orders = apps.ordering!.get<Connection>(getConnectionToken()).collection('orders');
    const refunds = apps.payments!.get<Connection>(getConnectionToken()).collection('refunds');
    const sweep = () => apps.ordering!.get(ErasedAccounts).sweep();

    // Reserved and payable (the card not asked yet): the erasure waits, in French.
    const buyer = await signUp('consumer');
    await gqlOk(buyer.s, ADD, { m: meal });
    await gqlOk(buyer.s, PAY, { s: await chooseSlotsGql(buyer.s) });
    expect(await errorOf(buyer.s, DELETE, { p: buyer.password })).toMatchObject({
      message: ACCOUNT_MESSAGES.erasureBlockedPayment,
      extensions: { code: 'CONFLICT' },
    });

    // The erasure and a payment at the same moment, several times: whichever wins, no erased account
    // keeps an open order.
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const b = await signUp('consumer');
      await gqlOk(b.s, ADD, { m: meal });
      const slots = await chooseSlotsGql(b.s);
      const pay = async () => {
        const intent = await b.s.gql(PAY, { s: slots });
        const id = intent.data?.createPaymentIntent?.checkout.checkout_id as string | undefined;
        return id ? b.s.gql(CONFIRM, { id }) : intent;
      };
      // Round by round the erasure starts a little later, so it meets the payment at different steps.
      const erase = async () => {
        await new Promise((r) => setTimeout(r, round * 60));
        return b.s.gql(DELETE, { p: b.password });
      };
      const [erased] = await Promise.all([erase(), pay()]);
      if (erased.errors) {
        expect(erased.errors[0]!.extensions?.code, JSON.stringify(erased.errors)).toBe('CONFLICT');
        outcomes.push('erasure refused');
        continue;
      }
      // Erased: any order of the account is (or soon is) cancelled, and refunded.
      const settled = await eventually(async () => {
        await sweep();
        const mine = await orders.find({ consumer_id: b.user_id }).toArray();
        return mine.every((o) => o.order_status === 'cancelled') ? mine : undefined;
      }, 30_000);
      for (const o of settled) {
        expect(o.cancel_reason).toBe(ACCOUNT_MESSAGES.orderCancelledBuyerErased);
        await eventually(async () => ((await refunds.findOne({ _id: o._id, status: 'made' })) ? true : undefined), 20_000);
      }
      outcomes.push(settled.length ? 'order cancelled and refunded' : 'no order');
    }
    console.info(`erasure vs payment: ${outcomes.join(', ')}`);
  }, 180_000);
});
