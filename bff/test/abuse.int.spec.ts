import { request as httpRequest } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { GqlSession as Browser, natsCredentials, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { identityConfig } from '../../services/identity/src/config';
import { GRAPHQL_LIMITS } from '../src/security/graphql-limits';
import { newAccount } from './support/accounts';
import { bffConfig, startBff } from './support/bff';

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { user { user_id } } }`;
const SIGN_IN = 'mutation { signIn(email: "nobody@popote.test", password: "whatever") { user { user_id } } }';

describe('bff: operation limits, shared rate limits, trusted proxies, uploads checked before their body', () => {
  let identity: INestApplication;
  const bffs: INestApplication[] = [];
  let urls: string[] = [];
  let untrusting: string;

  const startReplica = async (env: NodeJS.ProcessEnv) => {
    const { app, url } = await startBff(bffConfig(env), { http: true });
    bffs.push(app);
    return url;
  };

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('identity', __filename);
    const config = identityConfig(env);
    identity = await startServiceApp('identity', IdentityModule.forRoot(config), config.NATS_URL);
    // Two replicas on one store, as in production; a third that trusts no proxy.
    const limits = {
      RATE_LIMIT_SIGN_UP: '3/60',
      RATE_LIMIT_SIGN_IN: '4/60',
      RATE_LIMIT_UPLOAD: '2/60',
      RATE_LIMIT_PASSWORD_RESET: '2/60',
      RATE_LIMIT_REPORT: '2/60',
      TRUST_PROXY: 'loopback',
    };
    const bffEnv = { ...env, ...natsCredentials('bff'), ...limits, MONGO_DB: `${env.MONGO_DB}_bff` };
    urls = [await startReplica(bffEnv), await startReplica(bffEnv)];
    untrusting = await startReplica({ ...bffEnv, MONGO_DB: `${env.MONGO_DB}_bff2`, TRUST_PROXY: 'none' });
  });

  afterAll(async () => {
    for (const app of bffs) await app.close();
    await identity?.close();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('refuses an operation with too many aliases before running any of them, in French', async () => {
    const aliases = Array.from({ length: 2000 }, (_, i) => `a${i}: featuredMeals { meal_id }`).join(' ');
    const res = await post(urls[0]!, { query: `{ ${aliases} }` });
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { data?: unknown; errors: { message: string; extensions: { code: string } }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]).toMatchObject({
      message: expect.stringMatching(/^Requête trop complexe/),
      extensions: { code: 'VALIDATION_FAILED' },
    });
    const few = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: me { user { user_id } }`).join(' ');
    expect(((await (await post(urls[0]!, { query: `{ ${few} }` })).json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });

  it('refuses an operation nested too deep, and one too costly', async () => {
    const deep = `{ cook(cook_id: "x") { meals { cook_id ${'x { '.repeat(GRAPHQL_LIMITS.maxDepth)}y${' }'.repeat(GRAPHQL_LIMITS.maxDepth)} } } }`;
    const a = (await (await post(urls[0]!, { query: deep })).json()) as { errors: { message: string }[] };
    expect(a.errors[0]!.message).toMatch(/^Requête (trop complexe|invalide)/);
    const fields = 'meal_id cook_id cook_name name description price_cents portions_available ingredients allergens category';
    const costly = Array.from({ length: 10 }, (_, i) => `m${i}: meals(first: 50) { items { ${fields} } next_cursor }`).join(' ');
    const b = (await (await post(urls[0]!, { query: `{ ${costly} }` })).json()) as { errors: { message: string }[] };
    expect(b.errors[0]!.message).toMatch(/^Requête trop complexe/);
  });

  it('answers a malformed query in French, with graphql’s wording as detail', async () => {
    const body = (await (await post(urls[0]!, { query: '{ nosuchfield }' })).json()) as {
      errors: { message: string; extensions: { code: string; detail?: string } }[];
    };
    expect(body.errors[0]).toMatchObject({ message: 'Requête invalide', extensions: { code: 'VALIDATION_FAILED' } });
    expect(body.errors[0]!.extensions.detail).not.toMatch(/Did you mean/);
  });

  it("limits 'Mot de passe oublié ?' per target address, whoever asks, and per client address", async () => {
    const RESET = 'mutation($e: String!) { requestPasswordReset(email: $e) }';
    const ask = (url: string, email: string, ip: string) => post(url, { query: RESET, variables: { e: email } }, { 'x-forwarded-for': ip });
    const codeOf = async (res: Response) =>
      ((await res.json()) as { errors?: { extensions: { code: string } }[] }).errors?.[0]?.extensions.code;
    const target = `cible-${Date.now()}@popote.test`;
    // One mailbox from two addresses and two replicas: the third request is refused (French, Retry-After).
    expect(await codeOf(await ask(urls[0]!, target, '198.51.100.20'))).toBeUndefined();
    expect(await codeOf(await ask(urls[1]!, target, '198.51.100.21'))).toBeUndefined();
    const refused = await ask(urls[0]!, target, '198.51.100.22');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      'Trop de requêtes. Veuillez réessayer dans quelques instants.',
    );
    // One client address asking for many mailboxes: the same limit.
    expect(await codeOf(await ask(urls[1]!, `a-${target}`, '198.51.100.30'))).toBeUndefined();
    expect(await codeOf(await ask(urls[0]!, `b-${target}`, '198.51.100.30'))).toBeUndefined();
    expect(await codeOf(await ask(urls[1]!, `c-${target}`, '198.51.100.30'))).toBe('RATE_LIMITED');
  });

  it('limits sign-ups per client address across replicas, with Retry-After and a French message', async () => {
    const xff = { 'x-forwarded-for': '198.51.100.7' };
    const signUp = (url: string) =>
      post(
        url,
        {
          query: SIGN_UP,
          variables: { input: newAccount('abuse') },
        },
        xff,
      );
    // Alternating replicas: the third is the last one allowed, the fourth is refused by either.
    for (const url of [urls[0]!, urls[1]!, urls[0]!])
      expect(((await (await signUp(url)).json()) as { errors?: unknown }).errors).toBeUndefined();
    const refused = await signUp(urls[1]!);
    // Nest answers GraphQL with 200 and the error in the body; the wait is in Retry-After and the error.
    expect(refused.status).toBeLessThan(500);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { errors: { message: string; extensions: { code: string; retry_after: number } }[] };
    expect(body.errors[0]).toMatchObject({
      message: 'Trop de requêtes. Veuillez réessayer dans quelques instants.',
      extensions: { code: 'RATE_LIMITED', retry_after: expect.any(Number) },
    });
    // Another client (another address behind the same trusted proxy) is not affected.
    const other = await post(urls[1]!, { query: SIGN_IN }, { 'x-forwarded-for': '198.51.100.8' });
    expect(((await other.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('INVALID_CREDENTIALS');
  });

  it("limits 'Signaler' per client address across replicas, before anything is read or recorded (ADR 0042)", async () => {
    const xff = { 'x-forwarded-for': '198.51.100.21' };
    const report = (url: string) =>
      post(
        url,
        {
          query: 'mutation($i: ReportContentInput!) { reportContent(input: $i) { report_id } }',
          variables: {
            i: {
              target_kind: 'cook',
              target_id: 'nobody',
              reason: 'fraud',
              explanation: 'Un faux profil qui arnaque.',
              contact_email: 'a@popote.test',
            },
          },
        },
        xff,
      );
    // Within the limit, the report is examined (no such cook here: refused as not found, in French).
    for (const url of [urls[0]!, urls[1]!]) {
      const body = (await (await report(url)).json()) as { errors: { extensions: { code: string } }[] };
      expect(body.errors[0]!.extensions.code).toBe('NOT_FOUND');
    }
    const refused = (await (await report(urls[0]!)).json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(refused.errors[0]).toMatchObject({
      message: 'Trop de requêtes. Veuillez réessayer dans quelques instants.',
      extensions: { code: 'RATE_LIMITED' },
    });
  });

  it('believes X-Forwarded-For only from trusted proxies', async () => {
    // TRUST_PROXY=none: a client that rotates its own X-Forwarded-For is still one client.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(untrusting, { query: SIGN_IN }, { 'x-forwarded-for': `203.0.113.${i}` });
      codes.push(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code);
    }
    expect(codes).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
  });

  it('answers an anonymous upload without reading its body', async () => {
    const url = new URL(`${urls[0]}/media/meals`);
    // Declares 50 MB and sends a few bytes: a server that read the body first would wait for the rest.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(50 * 1024 * 1024),
            'x-popote-upload': '1',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n');
      setTimeout(() => reject(new Error('no answer: the body was being read')), 5000).unref();
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Veuillez vous connecter pour continuer' });
  });

  it('refuses a cook’s upload declared larger than the limit before reading it, and counts uploads', async () => {
    const cook = new Browser(urls[0]!);
    await cook.gql(SIGN_UP, { input: newAccount('chef', 'cook', 'Chef') });
    const upload = (size: number) =>
      fetch(`${urls[0]}/media/meals`, {
        method: 'POST',
        headers: { cookie: cook.cookieHeader(), 'x-popote-upload': '1', 'content-type': 'multipart/form-data; boundary=x' },
        body: new Uint8Array(size),
      });
    const big = await upload(6 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: "L'image ne doit pas dépasser 5MB" });
    const second = await upload(10);
    expect(second.status).toBe(400); // counted, and not an image
    expect(await second.json()).toMatchObject({ message: 'Veuillez sélectionner une image' });
    const third = await upload(10);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
  });

  it('sends browser security headers on GraphQL and media answers', async () => {
    const missing = await fetch(`${urls[0]}/media/meals/nope.jpg`);
    expect(missing.status).toBe(404);
    for (const res of [await post(urls[0]!, { query: '{ me { user { user_id } } }' }), missing]) {
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    // GraphQL answers are never kept by a browser or a proxy: public ones included (the BFF caches those itself).
    for (const query of ['{ me { user { user_id } } }', '{ meals(first: 1) { next_cursor } }', '{ nope }']) {
      const res = await post(urls[0]!, { query });
      expect(res.headers.get('cache-control'), query).toBe('no-store');
      // ...so no entity tag either (Express would hash every answer to make one).
      expect(res.headers.get('etag'), query).toBeNull();
    }
  });
});
