import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import WebSocket from 'ws';
import { eventually, GqlSession as Browser, natsCredentials, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { identityConfig } from '../../services/identity/src/config';
import { newAccount } from './support/accounts';
import { bffConfig, startBff } from './support/bff';

const ME = '{ me { user { user_id username user_type location } cook_profile { cook_id } } }';
const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { user { user_id user_type } } }`;

describe('bff: accounts, sessions and server-side authorisation', () => {
  let identity: INestApplication;
  let bff: INestApplication;
  let url: string;
  let n = 0;
  const signUp = async (b: Browser, user_type: 'consumer' | 'cook' = 'consumer') => b.gql(SIGN_UP, { input: newAccount('bff', user_type) });

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('identity', __filename, { ACCESS_TOKEN_TTL_S: '30', EXPIRY_SWEEP_MS: '300' });
    const config = identityConfig(env);
    identity = await startServiceApp('identity', IdentityModule.forRoot(config), config.NATS_URL);
    ({ app: bff, url } = await startBff(
      bffConfig({ ...env, ...natsCredentials('bff'), GRAPHIQL: 'false', MONGO_DB: `${env.MONGO_DB}_bff` }),
    ));
  });

  afterAll(async () => {
    await bff?.close();
    await identity?.close();
  });

  it('signs up, sets httpOnly SameSite cookies, and knows the user', async () => {
    const b = new Browser(url);
    const body = await signUp(b);
    expect(body.errors).toBeUndefined();
    const access = b.lastSetCookie.find((c) => c.startsWith('popote_at='))!;
    const refresh = b.lastSetCookie.find((c) => c.startsWith('popote_rt='))!;
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/SameSite=Lax/i);
    expect(refresh).toMatch(/HttpOnly/i);
    expect(refresh).toMatch(/SameSite=Strict/i);
    expect(refresh).toMatch(/Path=\/graphql/i);
    const me = await b.gql(ME);
    expect(me.data.me.user.user_type).toBe('consumer');
  });

  it('answers me = null when signed out, and refuses protected mutations', async () => {
    const b = new Browser(url);
    expect((await b.gql(ME)).data.me).toBeNull();
    const body = await b.gql(
      'mutation { updateProfile(input: {name: "x", username: "xyz", location: "y", bio: ""}) { user { user_id } } }',
    );
    expect(body.errors?.[0]).toMatchObject({ message: 'Veuillez vous connecter pour continuer', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses a cook-only mutation to a consumer, on the server', async () => {
    const b = new Browser(url);
    await signUp(b, 'consumer');
    const body = await b.gql(
      'mutation { updateCookProfile(input: {bio: "", specialties: [], availability_days: [], cooking_styles: [], experience_years: 0, certifications: [], signature_dishes: [], cuisine_types: [], awards: []}) { user { user_id } } }',
    );
    expect(body.errors?.[0]).toMatchObject({ message: 'Cette action est réservée aux cuisiniers', extensions: { code: 'FORBIDDEN' } });
  });

  it('refreshes transparently when the access token is gone, rotating the refresh cookie', async () => {
    const b = new Browser(url);
    await signUp(b);
    const oldRefresh = b.cookies.get('popote_rt');
    b.cookies.delete('popote_at'); // as if it had expired
    const me = await b.gql(ME);
    expect(me.data.me).not.toBeNull();
    expect(b.cookies.get('popote_at')).toBeTruthy();
    expect(b.cookies.get('popote_rt')).not.toBe(oldRefresh);
  });

  it('a forged access token is not trusted', async () => {
    const b = new Browser(url);
    b.cookies.set('popote_at', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidXNlcl90eXBlIjoiY29vayJ9.c2lnbmF0dXJl');
    expect((await b.gql(ME)).data.me).toBeNull();
  });

  it('switches role server-side with a new session, and the cook-only mutation then works', async () => {
    const b = new Browser(url);
    await signUp(b);
    const sw = await b.gql('mutation { switchRole(to: cook) { user { user_type } cook_profile { cook_id } } }');
    expect(sw.data.switchRole.user.user_type).toBe('cook');
    expect(sw.data.switchRole.cook_profile.cook_id).toBeTruthy();
    const ok = await b.gql(
      'mutation { updateCookProfile(input: {bio: "Cuisine du sud", specialties: ["Aïoli"], availability_days: [], cooking_styles: [], experience_years: 3, certifications: [], signature_dishes: [], cuisine_types: [], awards: []}) { cook_profile { cook_id } } }',
    );
    expect(ok.errors).toBeUndefined();
  });

  it('signs out: cookies cleared, session revoked', async () => {
    const b = new Browser(url);
    await signUp(b);
    const refresh = b.cookies.get('popote_rt')!;
    await b.gql('mutation { signOut }');
    expect(b.cookies.has('popote_at')).toBe(false);
    expect((await b.gql(ME)).data.me).toBeNull();
    // Even a copy of the old refresh cookie no longer opens a session.
    const thief = new Browser(url);
    thief.cookies.set('popote_rt', refresh);
    expect((await thief.gql(ME)).data.me).toBeNull();
  });

  it('gives sign-in failures and field errors in French', async () => {
    const b = new Browser(url);
    const wrong = await b.gql('mutation { signIn(email: "nobody@popote.test", password: "whatever") { user { user_id } } }');
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'Email ou mot de passe invalide',
      extensions: { code: 'INVALID_CREDENTIALS' },
    });
    const bad = await b.gql(SIGN_UP, {
      input: { email: 'a@b.fr', password: 'secret1', name: 'A', username: 'ab', location: 'L', user_type: 'consumer' },
    });
    expect(bad.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { username: 'Le pseudo doit contenir au moins 3 caractères' },
    });
  });

  it('is protected against CSRF: a simple cross-site form post runs nothing', async () => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: 'mutation { signOut }' }),
    });
    expect(res.status).toBe(400);
  });

  const signUpAs = async (email: string) => {
    const b = new Browser(url);
    const body = await b.gql(SIGN_UP, { input: { ...newAccount('u'), email } });
    expect(body.errors).toBeUndefined();
    return b;
  };
  const signInAs = async (email: string, password = 'secret1') => {
    const b = new Browser(url);
    const body = await b.gql(`mutation { signIn(email: "${email}", password: "${password}") { user { user_id } } }`);
    expect(body.errors).toBeUndefined();
    return b;
  };

  it('a password change closes every other session of the user at once, and keeps this one', async () => {
    const email = `pw${++n}-${Date.now()}@popote.test`;
    const here = await signUpAs(email);
    const elsewhere = await signInAs(email);
    const stolenRefresh = elsewhere.cookies.get('popote_rt')!;
    expect((await elsewhere.gql(ME)).data.me).not.toBeNull();
    const changed = await here.gql(
      'mutation { changePassword(input: {current_password: "secret1", new_password: "secret2", confirm_password: "secret2"}) }',
    );
    expect(changed.errors).toBeUndefined();
    // The other session's still-unexpired access token is refused (not in 15 minutes: now), and its refresh token too.
    await eventually(async () => (await elsewhere.gql(ME)).data.me === null);
    const thief = new Browser(url);
    thief.cookies.set('popote_rt', stolenRefresh);
    expect((await thief.gql(ME)).data.me).toBeNull();
    expect((await here.gql(ME)).data.me).not.toBeNull();
    await signInAs(email, 'secret2');
  });

  it('signing out closes the live subscriptions of that session', async () => {
    const b = await signUpAs(`ws${++n}-${Date.now()}@popote.test`);
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws', { headers: { cookie: b.cookieHeader() } });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init' })));
      ws.on('message', (data) => {
        if (JSON.parse(data.toString()).type === 'connection_ack') resolve();
      });
      ws.on('error', reject);
    });
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { orderUpdated { order_id } }' } }));
    await new Promise((r) => setTimeout(r, 200));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    await b.gql('mutation { signOut }');
    expect(await closed).toEqual({ code: 4403, reason: 'Session terminée' });
  });

  it('deletes expired sessions and login counters (TTL index, or a sweep on FerretDB)', async () => {
    const conn = identity.get<Connection>(getConnectionToken());
    const past = new Date(Date.now() - 1000);
    await conn.collection('sessions').insertOne({
      _id: 'expired-session' as never,
      family_id: 'f',
      user_id: 'u',
      secret_hash: 'x',
      expires_at: past,
      used_at: null,
      revoked_at: null,
      created_at: past,
    });
    await conn.collection('loginAttempts').insertOne({ _id: 'ip:192.0.2.1' as never, failures: 3, window_ends_at: past });
    await eventually(
      async () => (await conn.collection('sessions').countDocuments({ _id: 'expired-session' as never })) === 0,
      70_000,
      250,
    );
    await eventually(
      async () => (await conn.collection('loginAttempts').countDocuments({ _id: 'ip:192.0.2.1' as never })) === 0,
      70_000,
      250,
    );
  });
});
