import type { NatsConnection } from '@nats-io/transport-node';
import type { Msg } from '@nats-io/transport-node';
import { ACCOUNT_MESSAGES, erasureBlockersRpc, IdentityEvents, IdentityRpc, NotificationsRpc } from '@popote/contracts';
import { RpcClient, verifyAccessToken } from '@popote/platform';
import { expectDomainError, findEvent, resetJetStream, serviceEnv, type ServiceUnderTest, serviceUnderTest } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { identityConfig, type IdentityConfig } from '../src/config';

const client = { ip: '10.0.0.1' };
let seq = 0;
const fresh = (over: Record<string, string> = {}) => {
  seq++;
  return {
    email: `user${seq}-${Date.now()}@popote.test`,
    password: 'secret1',
    name: 'Jeanne Dupont',
    username: `jeanne${seq}${Date.now() % 100000}`,
    location: 'Lyon',
    user_type: 'consumer' as const,
    client,
    ...over,
  };
};

describe('identity over NATS', () => {
  let rpc: RpcClient;
  let nc: NatsConnection;
  let under: ServiceUnderTest;
  let config: IdentityConfig;

  beforeAll(async () => {
    await resetJetStream();
    config = identityConfig(
      serviceEnv('identity', __filename, { LOGIN_MAX_FAILURES_ACCOUNT: '3', LOGIN_WINDOW_S: '2', REFRESH_REUSE_GRACE_MS: '0' }),
    );
    ({ rpc, nc } = under = await serviceUnderTest('identity', AppModule.forRoot(config), config.NATS_URL));
  });

  afterAll(async () => {
    await under?.close();
  });

  describe('sign-up', () => {
    it('creates a consumer, opens a session and announces the registration', async () => {
      const input = fresh();
      const { user, tokens } = await rpc.call(IdentityRpc.signUp, input);
      expect(user).toMatchObject({ email: input.email, username: input.username, user_type: 'consumer', bio: '', specialties: [] });
      expect(await verifyAccessToken(tokens.access_token, config)).toEqual({
        user_id: user.user_id,
        user_type: 'consumer',
        session_id: expect.any(String),
        name: input.name,
        email_verified: false,
      });
      const me = await rpc.call(IdentityRpc.getMe, { actor: { user_id: user.user_id, user_type: 'consumer' } });
      expect(me.cook_profile).toBeNull();
      const evt = await findEvent<Record<string, string>>(IdentityEvents.userRegistered.subject, (e) => e.data.user_id === user.user_id);
      expect(evt.data).toEqual({ user_id: user.user_id, username: input.username, user_type: 'consumer' });
    });

    it('gives a cook an empty cook profile with the same id', async () => {
      const { user } = await rpc.call(IdentityRpc.signUp, fresh({ user_type: 'cook' }));
      const me = await rpc.call(IdentityRpc.getMe, { actor: { user_id: user.user_id, user_type: 'cook' } });
      expect(me.cook_profile).toMatchObject({
        cook_id: user.user_id,
        rating_average: 0,
        total_reviews: 0,
        specialties: [],
        experience_years: 0,
      });
    });

    it('refuses a taken email (whatever its case) and a taken username (whatever its case)', async () => {
      const first = fresh();
      await rpc.call(IdentityRpc.signUp, first);
      const email = await expectDomainError(rpc.call(IdentityRpc.signUp, fresh({ email: first.email.toUpperCase() })));
      expect(email).toMatchObject({ code: 'CONFLICT', fields: { email: 'Cette adresse email est déjà utilisée' } });
      const username = await expectDomainError(rpc.call(IdentityRpc.signUp, fresh({ username: first.username.toUpperCase() })));
      expect(username).toMatchObject({ code: 'CONFLICT', fields: { username: 'Ce pseudo est déjà pris' } });
    });

    it.each([
      [{ username: 'ab' }, 'username', 'Le pseudo doit contenir au moins 3 caractères'],
      [{ password: '12345' }, 'password', 'Le mot de passe doit contenir au moins 6 caractères'],
      [{ name: '  ' }, 'name', 'Ce champ est obligatoire'],
      [{ location: '' }, 'location', 'Ce champ est obligatoire'],
      [{ email: 'pas-un-email' }, 'email', 'Adresse email invalide'],
    ])('refuses %o with the French message of %s', async (over, field, message) => {
      // Sent raw on NATS (bypassing the client-side parse) to prove the service checks by itself.
      const err = await expectDomainError(
        rpc.call(
          { ...IdentityRpc.signUp, request: IdentityRpc.signUp.request.or((await import('zod')).z.any()) } as typeof IdentityRpc.signUp,
          fresh(over),
        ),
      );
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(err.fields?.[field]).toBe(message);
    });
  });

  describe('sign-in and sessions', () => {
    it('signs in with the right password only, with the same message for an unknown email', async () => {
      const input = fresh();
      await rpc.call(IdentityRpc.signUp, input);
      const ok = await rpc.call(IdentityRpc.signIn, { email: input.email.toUpperCase(), password: input.password, client });
      expect(ok.user.email).toBe(input.email);
      const wrong = await expectDomainError(
        rpc.call(IdentityRpc.signIn, { email: input.email, password: 'nope-nope', client: { ip: '10.0.0.2' } }),
      );
      expect(wrong).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Email ou mot de passe invalide' });
      const unknown = await expectDomainError(
        rpc.call(IdentityRpc.signIn, { email: 'nobody@popote.test', password: 'whatever', client: { ip: '10.0.0.2' } }),
      );
      expect(unknown.message).toBe('Email ou mot de passe invalide');
    });

    it('rotates refresh tokens, and a replayed one revokes the whole family', async () => {
      const { tokens } = await rpc.call(IdentityRpc.signUp, fresh());
      const second = await rpc.call(IdentityRpc.refresh, { refresh_token: tokens.refresh_token });
      expect(second.tokens.refresh_token).not.toBe(tokens.refresh_token);
      const third = await rpc.call(IdentityRpc.refresh, { refresh_token: second.tokens.refresh_token });
      // The first token is replayed (stolen?): refused, and the family's live token dies with it.
      expect((await expectDomainError(rpc.call(IdentityRpc.refresh, { refresh_token: tokens.refresh_token }))).code).toBe(
        'UNAUTHENTICATED',
      );
      expect((await expectDomainError(rpc.call(IdentityRpc.refresh, { refresh_token: third.tokens.refresh_token }))).code).toBe(
        'UNAUTHENTICATED',
      );
    });

    it('sign-out revokes the session', async () => {
      const { tokens } = await rpc.call(IdentityRpc.signUp, fresh());
      await rpc.call(IdentityRpc.signOut, { refresh_token: tokens.refresh_token });
      expect((await expectDomainError(rpc.call(IdentityRpc.refresh, { refresh_token: tokens.refresh_token }))).code).toBe(
        'UNAUTHENTICATED',
      );
    });

    it('refuses forged refresh tokens', async () => {
      const { tokens } = await rpc.call(IdentityRpc.signUp, fresh());
      const [id] = tokens.refresh_token.split('.');
      expect((await expectDomainError(rpc.call(IdentityRpc.refresh, { refresh_token: `${id}.forged` }))).code).toBe('UNAUTHENTICATED');
    });

    it('slows brute force per account for a while, without locking the owner out for good', async () => {
      const input = fresh();
      await rpc.call(IdentityRpc.signUp, input);
      const ip = { ip: '10.9.9.9' };
      for (let i = 0; i < 3; i++)
        await expectDomainError(rpc.call(IdentityRpc.signIn, { email: input.email, password: 'bad-guess', client: ip }));
      const blocked = await expectDomainError(
        rpc.call(IdentityRpc.signIn, { email: input.email, password: input.password, client: { ip: '10.1.1.1' } }),
      );
      expect(blocked.code).toBe('RATE_LIMITED');
      expect(blocked.message).toMatch(/Trop de tentatives/);
      await new Promise((r) => setTimeout(r, 2100)); // the window (2 s in this test) ends
      const ok = await rpc.call(IdentityRpc.signIn, { email: input.email, password: input.password, client: { ip: '10.1.1.1' } });
      expect(ok.user.email).toBe(input.email);
    });
  });

  describe('profile, password, role', () => {
    it('updates the profile (not the email), refuses a taken username, announces the change', async () => {
      const taken = fresh();
      await rpc.call(IdentityRpc.signUp, taken);
      const { user } = await rpc.call(IdentityRpc.signUp, fresh());
      const actor = { user_id: user.user_id, user_type: 'consumer' as const };
      const conflict = await expectDomainError(
        rpc.call(IdentityRpc.updateProfile, { actor, profile: { name: 'A', username: taken.username, location: 'Paris' } }),
      );
      expect(conflict.fields?.username).toBe('Ce pseudo est déjà pris');
      const short = await expectDomainError(
        rpc.call({ ...IdentityRpc.updateProfile, request: (await import('zod')).z.any() } as unknown as typeof IdentityRpc.updateProfile, {
          actor,
          profile: { name: 'A', username: 'xy', location: 'Paris', bio: '', avatar_url: null },
        }),
      );
      expect(short.fields?.username).toBe('Le pseudo doit contenir au moins 3 caractères');
      const me = await rpc.call(IdentityRpc.updateProfile, {
        actor,
        profile: { name: 'Jeanne D.', username: `${user.username}x`, location: 'Paris 11e', bio: 'Gourmande' },
      });
      expect(me.user).toMatchObject({ name: 'Jeanne D.', location: 'Paris 11e', bio: 'Gourmande', email: user.email });
      const evt = await findEvent<Record<string, string>>(IdentityEvents.profileUpdated.subject, (e) => e.data.user_id === user.user_id);
      expect(evt.data.username).toBe(`${user.username}x`);
    });

    it('changes the password only with the current one and a matching confirmation', async () => {
      const input = fresh();
      const { user, tokens: kept } = await rpc.call(IdentityRpc.signUp, input);
      const other = await rpc.call(IdentityRpc.signIn, { email: input.email, password: input.password, client });
      const keptSession = (await verifyAccessToken(kept.access_token, config))!.session_id!;
      const otherSession = (await verifyAccessToken(other.tokens.access_token, config))!.session_id!;
      const actor = { user_id: user.user_id, user_type: 'consumer' as const };
      const mismatch = await expectDomainError(
        rpc.call(IdentityRpc.changePassword, {
          actor,
          input: { current_password: input.password, new_password: 'nouveau1', confirm_password: 'nouveau2' },
        }),
      );
      expect(mismatch.fields?.confirm_password).toBe('Les mots de passe ne correspondent pas');
      const wrong = await expectDomainError(
        rpc.call(IdentityRpc.changePassword, {
          actor,
          input: { current_password: 'wrong-one', new_password: 'nouveau1', confirm_password: 'nouveau1' },
        }),
      );
      expect(wrong.fields?.current_password).toBe('Le mot de passe actuel est incorrect');
      await rpc.call(IdentityRpc.changePassword, {
        actor,
        session_id: keptSession,
        input: { current_password: input.password, new_password: 'nouveau1', confirm_password: 'nouveau1' },
      });
      // Every other session is closed (and announced); the one that changed it stays open.
      await expectDomainError(rpc.call(IdentityRpc.refresh, { refresh_token: other.tokens.refresh_token }));
      expect((await rpc.call(IdentityRpc.refresh, { refresh_token: kept.refresh_token })).user.user_id).toBe(user.user_id);
      const revoked = await findEvent<{ user_id: string; session_ids: string[] }>(
        IdentityEvents.sessionsRevoked.subject,
        (e) => e.data.user_id === user.user_id,
      );
      expect(revoked.data.session_ids).toEqual([otherSession]);
      await expectDomainError(rpc.call(IdentityRpc.signIn, { email: input.email, password: input.password, client: { ip: '10.3.3.3' } }));
      expect((await rpc.call(IdentityRpc.signIn, { email: input.email, password: 'nouveau1', client })).user.user_id).toBe(user.user_id);
    });

    it('switches consumer → cook (creating the cook profile, new role in the token) and back, announcing each change', async () => {
      const { user } = await rpc.call(IdentityRpc.signUp, fresh());
      const toCook = await rpc.call(IdentityRpc.switchRole, { actor: { user_id: user.user_id, user_type: 'consumer' }, to: 'cook' });
      expect(toCook.user.user_type).toBe('cook');
      expect(toCook.cook_profile?.cook_id).toBe(user.user_id);
      expect(await verifyAccessToken(toCook.tokens.access_token, config)).toEqual({
        user_id: user.user_id,
        user_type: 'cook',
        session_id: expect.any(String),
        name: user.name,
        email_verified: user.email_verified,
      });
      const evt = await findEvent<Record<string, string>>(IdentityEvents.roleChanged.subject, (e) => e.data.user_id === user.user_id);
      expect(evt.data).toMatchObject({ from: 'consumer', to: 'cook' });
      const cookActor = { user_id: user.user_id, user_type: 'cook' as const };
      const updated = await rpc.call(IdentityRpc.updateCookProfile, {
        actor: cookActor,
        profile: { specialties: ['Tajines', 'Pastilla'], experience_years: 4 },
      });
      expect(updated.cook_profile).toMatchObject({ specialties: ['Tajines', 'Pastilla'], experience_years: 4 });
      const back = await rpc.call(IdentityRpc.switchRole, { actor: cookActor, to: 'consumer' });
      expect(back.user.user_type).toBe('consumer');
    });

    it('refuses cook-profile changes from a consumer, whatever the caller claims', async () => {
      const { user } = await rpc.call(IdentityRpc.signUp, fresh());
      // The actor claims to be a cook; the service checks the stored role itself.
      const err = await expectDomainError(
        rpc.call(IdentityRpc.updateCookProfile, { actor: { user_id: user.user_id, user_type: 'cook' }, profile: { bio: 'x' } }),
      );
      expect(err).toMatchObject({ code: 'FORBIDDEN', message: 'Cette action est réservée aux cuisiniers' });
    });
  });

  describe('account emails and erasure', () => {
    /** Plays a service on NATS (the test user may answer any subject): records each request, answers with `reply`. */
    const answer = (subject: string, reply: (data: Record<string, unknown>) => Promise<unknown> | unknown) => {
      const seen: { data: Record<string, unknown>; at: number; answered?: number }[] = [];
      const sub = nc.subscribe(subject, {
        callback: (_err, msg: Msg) => {
          const data = (JSON.parse(msg.string()) as { data: Record<string, unknown> }).data;
          const entry: (typeof seen)[number] = { data, at: Date.now() };
          seen.push(entry);
          void Promise.resolve(reply(data)).then((response) => {
            entry.answered = Date.now();
            msg.respond(JSON.stringify({ response, isDisposed: true }));
          });
        },
      });
      return { seen, stop: () => sub.unsubscribe() };
    };

    it("asks for each account email with the account's id (its export finds it by that id, never by address)", async () => {
      const mails = answer(NotificationsRpc.sendAccountEmail.subject, () => ({ ok: true }));
      try {
        const { user } = await rpc.call(IdentityRpc.signUp, fresh());
        await expect
          .poll(() => mails.seen.find((m) => m.data.to === user.email)?.data, { timeout: 5_000 })
          .toMatchObject({
            kind: 'verify',
            user_id: user.user_id,
          });
        await rpc.call(IdentityRpc.requestPasswordReset, { email: user.email });
        await expect
          .poll(() => mails.seen.find((m) => m.data.kind === 'reset' && m.data.to === user.email)?.data, { timeout: 5_000 })
          .toMatchObject({
            user_id: user.user_id,
          });
      } finally {
        mails.stop();
      }
    });

    it('asks payments, then ordering, right before erasing: a payment that becomes an order in between is seen', async () => {
      const input = fresh();
      const { user } = await rpc.call(IdentityRpc.signUp, input);
      const actor = { user_id: user.user_id, user_type: 'consumer' as const };
      // Payments answers late; ordering must not have been asked before that answer.
      let orderingSays: string[] = [ACCOUNT_MESSAGES.erasureBlockedOrder];
      const payments = answer(erasureBlockersRpc('payments').subject, async () => {
        await new Promise((r) => setTimeout(r, 300));
        return { reasons: [] };
      });
      const ordering = answer(erasureBlockersRpc('ordering').subject, () => ({ reasons: orderingSays }));
      try {
        // The order payments no longer saw (it had become one) is in ordering: refused.
        const refused = await expectDomainError(rpc.call(IdentityRpc.deleteAccount, { actor, password: input.password }));
        expect(refused).toMatchObject({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.erasureBlockedOrder });
        expect(payments.seen).toHaveLength(1);
        expect(ordering.seen).toHaveLength(1);
        expect(ordering.seen[0]!.at).toBeGreaterThanOrEqual(payments.seen[0]!.answered!);
        expect((await rpc.call(IdentityRpc.getMe, { actor })).user.email).toBe(input.email);

        orderingSays = [];
        expect(await rpc.call(IdentityRpc.deleteAccount, { actor, password: input.password })).toEqual({ ok: true });
        expect(ordering.seen[1]!.at).toBeGreaterThanOrEqual(payments.seen[1]!.answered!);
        expect((await rpc.call(IdentityRpc.getMe, { actor })).user).toMatchObject({ name: 'Compte supprimé', email_verified: false });
        // Erased already: refused as a closed session, nothing asked again.
        expect((await expectDomainError(rpc.call(IdentityRpc.deleteAccount, { actor, password: input.password }))).code).toBe(
          'UNAUTHENTICATED',
        );
        expect(payments.seen).toHaveLength(2);
      } finally {
        payments.stop();
        ordering.stop();
      }
    });
  });
});
