import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { TRADER_MESSAGES } from '@popote/contracts';
import { MediaStorage } from '@popote/platform';
import { GqlSession, waitForMail } from '@popote/testing';
import type { Connection } from 'mongoose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorsService } from '../../services/identity/src/operators/operators.service';
import { markEmailVerified } from '../../services/identity/test/fixtures';
import { newAccount } from './support/accounts';
import { bffConfig, startBff, startServices, type Services } from './support/services';

const SIGN_UP = 'mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }';
const SIGN_IN = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { user_id } } }';
const CREATE_MEAL = 'mutation($i: CreateMealInput!) { createMeal(input: $i) { meal_id } }';
const MINE =
  '{ myTraderDetails { cook_id status revision message details { legal_name siret phone ddpp_receipt { key url file_name } hygiene_certificate { key url } } } }';
const SAVE = 'mutation($i: TraderDetailsInput!) { saveTraderDetails(input: $i) { status revision } }';
const QUEUE =
  'query($after: String) { traderVerifications(limit: 100, after: $after) { items { cook_id cook_username file { revision status details { legal_name } } } next_cursor } }';
const DECIDE =
  'mutation($c: ID!, $r: Int!, $d: TraderDecision!, $m: String) { decideTraderVerification(cook_id: $c, revision: $r, decision: $d, message: $m) { applied file { status revision message } } }';
const COOK_PAGE =
  'query($c: ID!) { cook(cook_id: $c) { verified_seller seller { legal_name siret phone email address { street postcode city } } } }';
const MEAL = {
  name: 'Gratin dauphinois',
  description: 'Crème et ail',
  price_cents: 1100,
  portions_available: 4,
  ingredients: ['Pomme de terre'],
  allergens: [],
  category: 'french',
  preparation_time: 60,
  available_date: new Date().toISOString(),
};
/** A PDF as far as its content says (file-type reads the `%PDF-` header). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Traders' traceability through the BFF (EU Digital Services Act): a new cook cannot put a dish on
 * sale before an operator verifies their trader details (and not while identity cannot say: fail
 * closed); their documents are private — the cook and operators read them, nobody else; the queue,
 * the decisions and the public seller block.
 */
describe('bff: trader details, their documents and the gate on a new dish', () => {
  let stack: Services;
  let bff: INestApplication;
  let url: string;
  let identity: INestApplication;
  let documents: MediaStorage;
  let media: MediaStorage;
  let operator: GqlSession;

  const ok = async (s: GqlSession, query: string, variables: Record<string, unknown> = {}) => {
    const r = await s.gql(query, variables);
    expect(r.errors, query).toBeUndefined();
    return r.data as Record<string, any>;
  };
  const person = async (type: 'consumer' | 'cook') => {
    const s = new GqlSession(url);
    const account = newAccount('trader', type, 'Camille Vendeuse');
    const { signUp } = await ok(s, SIGN_UP, { i: account });
    await markEmailVerified(identity, account.email); // publishing needs a confirmed address
    return { s, id: signUp.user.user_id as string, ...account };
  };
  const upload = (s: GqlSession | null, kind: string, body: Buffer, filename = 'document.pdf', headers = { 'x-popote-upload': '1' }) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(body)]), filename);
    return fetch(`${url}/media/traders/documents`, {
      method: 'POST',
      headers: { cookie: s?.cookieHeader() ?? '', ...headers },
      body: form,
    });
  };
  const uploaded = async (s: GqlSession, kind: string) => {
    const res = await upload(s, kind, PDF);
    expect(res.status).toBe(201);
    return (await res.json()) as { key: string; url: string; file_name: string };
  };
  const details = (ddpp: string, hygiene: string, over: Record<string, unknown> = {}) => ({
    legal_name: 'Camille Vendeuse',
    siret: '732 829 320 00074',
    address: { street: '8 rue des Tanneurs', postcode: '69001', city: 'Lyon' },
    phone: '+33 6 12 34 56 78',
    email: 'camille.vendeuse@popote.test',
    ddpp_receipt_key: ddpp,
    hygiene_certificate_key: hygiene,
    self_certified: true,
    ...over,
  });
  const download = (path: string, cookie = '') => fetch(`${url}${path}`, { headers: { cookie } });

  beforeAll(async () => {
    stack = await startServices(__filename, { only: ['identity', 'catalogue', 'notifications'] });
    identity = stack.apps.identity!;
    const env = stack.bffEnv({ TRADER_DOCUMENTS_BUCKET: `${stack.env('catalogue').MEDIA_BUCKET!}-traders` });
    const config = bffConfig(env);
    ({ app: bff, url } = await startBff(config, { http: true }));
    documents = new MediaStorage({ ...config, MEDIA_BUCKET: config.TRADER_DOCUMENTS_BUCKET });
    media = new MediaStorage(config);
    // An operator of the console, signed in (password, then the first code of their app).
    const email = `verif-${Date.now()}@popote.test`;
    const { password } = await identity.get(OperatorsService, { strict: false }).add(email, 'Véra Vérifieuse');
    operator = new GqlSession(url);
    const first = await ok(
      operator,
      'mutation($e: String!, $p: String!) { operatorSignIn(email: $e, password: $p) { step enrolment_token secret } }',
      {
        e: email,
        p: password,
      },
    );
    await ok(
      operator,
      'mutation($t: String!, $c: String!) { confirmOperatorEnrolment(enrolment_token: $t, code: $c) { recovery_codes } }',
      {
        t: first.operatorSignIn.enrolment_token,
        c: await generate({ secret: first.operatorSignIn.secret }),
      },
    );
  }, 120_000);

  afterAll(async () => {
    await bff?.close();
    await stack?.close();
  });

  it('a new cook may not put a dish on sale: refused in French, pointing to the Vendeur tab', async () => {
    const cook = await person('cook');
    expect((await ok(cook.s, MINE)).myTraderDetails).toMatchObject({ status: 'missing', revision: 0, details: null });
    const refused = await cook.s.gql(CREATE_MEAL, { i: MEAL });
    expect(refused.errors?.[0]).toMatchObject({ message: TRADER_MESSAGES.notVerified, extensions: { code: 'FORBIDDEN' } });
    expect(TRADER_MESSAGES.notVerified).toContain('« Vendeur »');
    // Not a buyer's query, not a visitor's.
    const buyer = await person('consumer');
    expect((await buyer.s.gql(MINE)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await new GqlSession(url).gql(MINE)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('uploads: a cook’s PDF, JPEG or PNG by its content, 10 MB at most; refused in French otherwise, and to anyone else', async () => {
    const cook = await person('cook');
    const doc = await uploaded(cook.s, 'ddpp_receipt');
    expect(doc).toMatchObject({ key: expect.stringMatching(new RegExp(`^traders/${cook.id}/\\d+-ddpp_receipt\\.pdf$`)) });
    expect(doc.url).toBe(`/media/${doc.key}`);
    // In the private bucket, never in the pictures' one.
    expect(await documents.exists(doc.key)).toBe(true);
    expect(await media.keys('traders/')).toEqual([]);

    const text = await upload(cook.s, 'ddpp_receipt', Buffer.from('pas un document'), 'faux.pdf');
    expect(text.status).toBe(422);
    expect(await text.json()).toMatchObject({ message: TRADER_MESSAGES.documentInvalid });
    const kind = await upload(cook.s, 'passeport', PDF);
    expect(kind.status).toBe(422);
    const big = await upload(cook.s, 'hygiene_certificate', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: TRADER_MESSAGES.documentTooLarge });
    expect((await upload(cook.s, 'ddpp_receipt', PDF, 'x.pdf', {} as never)).status).toBe(403); // no upload header
    expect((await upload((await person('consumer')).s, 'ddpp_receipt', PDF)).status).toBe(403);
    expect((await upload(null, 'ddpp_receipt', PDF)).status).toBe(401);
  });

  it('documents are read by their cook and the operators only; the other cook, a buyer and a visitor are refused', async () => {
    const cook = await person('cook');
    const doc = await uploaded(cook.s, 'hygiene_certificate');
    const mine = await download(doc.url, cook.s.cookieHeader());
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(mine.headers.get('cache-control')).toMatch(/no-store/);
    expect(Buffer.from(await mine.arrayBuffer()).equals(PDF)).toBe(true);

    const byOperator = await download(doc.url, operator.cookieHeader());
    expect(byOperator.status).toBe(200);

    const other = await person('cook');
    const refused = await download(doc.url, other.s.cookieHeader());
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: TRADER_MESSAGES.documentForbidden });
    expect((await download(doc.url, (await person('consumer')).s.cookieHeader())).status).toBe(403);
    const anonymous = await download(doc.url);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: TRADER_MESSAGES.documentSignIn });
    // Another cook's token where the operators' cookie goes is nobody.
    expect((await download(doc.url, `popote_ops=${other.s.cookies.get('popote_at') ?? ''}`)).status).toBe(401);
    // A path that is not a document's answers nothing.
    expect((await download(`/media/traders/${cook.id}/..%2F..%2Fetc`, cook.s.cookieHeader())).status).toBe(404);
  });

  it('saved, queued for the operators, more asked, completed, verified once: then the dish goes on sale and the page shows the seller', async () => {
    const cook = await person('cook');
    const ddpp = await uploaded(cook.s, 'ddpp_receipt');
    const hygiene = await uploaded(cook.s, 'hygiene_certificate');

    // French refusals per field, before anything is stored; another cook's document is not one's own.
    const invalid = await cook.s.gql(SAVE, {
      i: details(ddpp.key, hygiene.key, { siret: '73282932000075', phone: '12', self_certified: false }),
    });
    expect(invalid.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        siret: TRADER_MESSAGES.siretInvalid,
        phone: TRADER_MESSAGES.phoneInvalid,
        self_certified: TRADER_MESSAGES.selfCertificationRequired,
      },
    });
    const other = await person('cook');
    const foreign = await other.s.gql(SAVE, { i: details(ddpp.key, hygiene.key) });
    expect(foreign.errors?.[0]?.extensions?.fields).toMatchObject({ ddpp_receipt_key: TRADER_MESSAGES.documentInvalid });

    expect((await ok(cook.s, SAVE, { i: details(ddpp.key, hygiene.key) })).saveTraderDetails).toEqual({ status: 'submitted', revision: 1 });
    const mine = (await ok(cook.s, MINE)).myTraderDetails;
    expect(mine.details).toMatchObject({ siret: '73282932000074', phone: '0612345678', ddpp_receipt: { key: ddpp.key, url: ddpp.url } });
    expect((await cook.s.gql(CREATE_MEAL, { i: MEAL })).errors?.[0]?.message).toBe(TRADER_MESSAGES.notVerified);

    // The queue: oldest first, the cook in it.
    const queue = (await ok(operator, QUEUE)).traderVerifications;
    expect(queue.items.find((i: { cook_id: string }) => i.cook_id === cook.id)).toMatchObject({
      cook_username: cook.username,
      file: { revision: 1, status: 'submitted', details: { legal_name: 'Camille Vendeuse' } },
    });

    // Asking for more needs a message (French); then the cook sees it.
    const noMessage = await operator.gql(DECIDE, { c: cook.id, r: 1, d: 'ask_more' });
    expect(noMessage.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { message: TRADER_MESSAGES.messageRequired },
    });
    const asked = (await ok(operator, DECIDE, { c: cook.id, r: 1, d: 'ask_more', m: 'Le récépissé est illisible.' }))
      .decideTraderVerification;
    expect(asked).toEqual({ applied: true, file: { status: 'more_info_requested', revision: 1, message: 'Le récépissé est illisible.' } });
    await waitForMail(cook.email, /Vos informations de vendeur sont à compléter/);
    expect((await ok(cook.s, MINE)).myTraderDetails).toMatchObject({
      status: 'more_info_requested',
      message: 'Le récépissé est illisible.',
    });

    // Completed: a new revision; a decision on the old one is refused.
    const clearer = await uploaded(cook.s, 'ddpp_receipt');
    expect((await ok(cook.s, SAVE, { i: details(clearer.key, hygiene.key) })).saveTraderDetails).toEqual({
      status: 'submitted',
      revision: 2,
    });
    const stale = await operator.gql(DECIDE, { c: cook.id, r: 1, d: 'verify' });
    expect(stale.errors?.[0]).toMatchObject({ message: TRADER_MESSAGES.staleSubmission, extensions: { code: 'CONFLICT' } });

    // Verified once: a second verify of the same revision changes nothing.
    expect((await ok(operator, DECIDE, { c: cook.id, r: 2, d: 'verify' })).decideTraderVerification).toMatchObject({
      applied: true,
      file: { status: 'verified', revision: 2 },
    });
    expect((await ok(operator, DECIDE, { c: cook.id, r: 2, d: 'verify' })).decideTraderVerification.applied).toBe(false);
    await waitForMail(cook.email, /Vos informations de vendeur sont vérifiées/);
    const audit = (await ok(operator, '{ operatorAudit(limit: 50) { entries { action target reason } } }')).operatorAudit.entries.filter(
      (e: { target: string }) => e.target === `cook:${cook.id}`,
    );
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['trader.verified', 'trader.more-info-requested']);
    expect(audit[1].reason).toBe('Le récépissé est illisible.');

    // On sale now; the page (signed out too) shows the badge and what the law asks to show.
    expect((await ok(cook.s, CREATE_MEAL, { i: MEAL })).createMeal.meal_id).toEqual(expect.any(String));
    expect((await ok(new GqlSession(url), COOK_PAGE, { c: cook.id })).cook).toEqual({
      verified_seller: true,
      seller: {
        legal_name: 'Camille Vendeuse',
        siret: '73282932000074',
        phone: '0612345678',
        email: 'camille.vendeuse@popote.test',
        address: { street: '8 rue des Tanneurs', postcode: '69001', city: 'Lyon' },
      },
    });

    // Changed details go back to verification: the badge goes, new dishes wait; the dish on sale stays.
    expect((await ok(cook.s, SAVE, { i: details(clearer.key, hygiene.key, { phone: '06 98 76 54 32' }) })).saveTraderDetails).toEqual({
      status: 'submitted',
      revision: 3,
    });
    expect((await ok(new GqlSession(url), COOK_PAGE, { c: cook.id })).cook).toEqual({ verified_seller: false, seller: null });
    expect((await cook.s.gql(CREATE_MEAL, { i: MEAL })).errors?.[0]?.message).toBe(TRADER_MESSAGES.notVerified);
    expect((await ok(new GqlSession(url), 'query($c: ID!) { cookMeals(cook_id: $c) { meal_id } }', { c: cook.id })).cookMeals).toHaveLength(
      1,
    );
  }, 120_000);

  it('fails closed: when identity cannot say whether the cook is a verified seller, a new dish is refused', async () => {
    const cook = await person('cook');
    // Signed in again after the confirmation: the session's token says the address is confirmed, so
    // only the seller's check needs identity.
    await ok(cook.s, SIGN_IN, { e: cook.email, p: cook.password });
    const traders = identity.get<Connection>(getConnectionToken()).collection('traders');
    await traders.insertOne({ _id: cook.id as never, status: 'verified', revision: 1, details: null, relationship_ended_at: null });
    expect((await ok(cook.s, CREATE_MEAL, { i: MEAL })).createMeal.meal_id).toEqual(expect.any(String));
    await identity.close();
    const refused = await cook.s.gql(CREATE_MEAL, { i: MEAL });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAVAILABLE');
    expect(refused.data?.createMeal ?? null).toBeNull();
    delete stack.apps.identity; // closed here
  });
});
