import type { INestApplication } from '@nestjs/common';
import { OPERATOR_MESSAGES } from '@popote/contracts';
import { GqlSession as Browser, natsCredentials, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { identityConfig } from '../../services/identity/src/config';
import { OperatorsService } from '../../services/identity/src/operators/operators.service';
import { newAccount } from './support/accounts';
import { bffConfig, startBff } from './support/bff';

const SIGN_IN =
  'mutation($e: String!, $p: String!, $c: String) { operatorSignIn(email: $e, password: $p, code: $c) { step enrolment_token secret otpauth_url operator { email } } }';
const CONFIRM =
  'mutation($t: String!, $c: String!) { confirmOperatorEnrolment(enrolment_token: $t, code: $c) { operator { email name } recovery_codes } }';
const AUDIT = '{ operatorAudit(limit: 10) { entries { action operator_email } next_before } }';

/** The console's sign-in through the BFF (ADR 0041): its own cookie, its own audience, both ways. */
describe('bff: operators sign in with a password and a TOTP code, in a cookie of their own', () => {
  let identity: INestApplication;
  let bff: INestApplication;
  let url: string;
  let operators: OperatorsService;

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('identity', __filename);
    const config = identityConfig(env);
    identity = await startServiceApp('identity', IdentityModule.forRoot(config), config.NATS_URL);
    operators = identity.get(OperatorsService);
    ({ app: bff, url } = await startBff(
      bffConfig({ ...env, ...natsCredentials('bff'), GRAPHIQL: 'false', MONGO_DB: `${env.MONGO_DB}_bff` }),
    ));
  });

  afterAll(async () => {
    await bff?.close();
    await identity?.close();
  });

  it('enrols at the first sign-in, opens the console in a strict httpOnly cookie, reads the audit log; signing out closes it', async () => {
    const email = `console-${Date.now()}@popote.test`;
    const { password } = await operators.add(email, 'Odile');
    const b = new Browser(url);
    const first = await b.gql(SIGN_IN, { e: email, p: password });
    expect(first.data.operatorSignIn).toMatchObject({
      step: 'enrol',
      otpauth_url: expect.stringMatching(/^otpauth:\/\/totp\//),
      operator: null,
    });
    expect(b.cookies.has('popote_ops')).toBe(false);

    const code = await generate({ secret: first.data.operatorSignIn.secret });
    const done = await b.gql(CONFIRM, { t: first.data.operatorSignIn.enrolment_token, c: code });
    expect(done.errors).toBeUndefined();
    expect(done.data.confirmOperatorEnrolment).toMatchObject({ operator: { email, name: 'Odile' } });
    expect(done.data.confirmOperatorEnrolment.recovery_codes).toHaveLength(10);
    const cookie = b.lastSetCookie.find((c) => c.startsWith('popote_ops='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);

    expect((await b.gql('{ operator { email } }')).data.operator).toEqual({ email });
    const audit = await b.gql(AUDIT);
    expect(audit.data.operatorAudit.entries.slice(0, 2)).toEqual([
      { action: 'operator.signed-in', operator_email: email },
      { action: 'operator.second-factor-set', operator_email: email },
    ]);

    expect((await b.gql('mutation { operatorSignOut }')).data.operatorSignOut).toBe(true);
    expect((await b.gql('{ operator { email } }')).data.operator).toBeNull();
    const closed = await b.gql(AUDIT);
    expect(closed.errors?.[0]).toMatchObject({ message: OPERATOR_MESSAGES.sessionExpired, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it("a buyer's session is nobody in the console, and an operator's cookie is nobody in the shop", async () => {
    const buyer = new Browser(url);
    await buyer.gql('mutation($i: SignUpInput!) { signUp(input: $i) { user { user_id } } }', { i: newAccount('ops', 'consumer') });
    expect((await buyer.gql('{ operator { email } }')).data.operator).toBeNull();
    expect((await buyer.gql(AUDIT)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // The operator's token where a buyer's goes: not a session.
    const email = `console2-${Date.now()}@popote.test`;
    const { password } = await operators.add(email, 'Octave');
    const op = new Browser(url);
    const first = await op.gql(SIGN_IN, { e: email, p: password });
    await op.gql(CONFIRM, {
      t: first.data.operatorSignIn.enrolment_token,
      c: await generate({ secret: first.data.operatorSignIn.secret }),
    });
    const stolen = new Browser(url);
    stolen.cookies.set('popote_at', op.cookies.get('popote_ops')!);
    expect((await stolen.gql('{ me { user { user_id } } }')).data.me).toBeNull();
  });
});
