import { OPERATOR_MESSAGES, OperatorRpc } from '@popote/contracts';
import { verifyAccessToken, verifyOperatorToken, type RpcClient } from '@popote/platform';
import { expectDomainError, resetJetStream, serviceEnv, serviceUnderTest, type ServiceUnderTest } from '@popote/testing';
import { generate } from 'otplib';
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { identityConfig, type IdentityConfig } from '../src/config';
import { Operator, OperatorAudit } from '../src/operators/operator.schema';
import { disableOperator, OperatorsService, RECOVERY_CODES } from '../src/operators/operators.service';

const client = { ip: '10.0.0.9' };
/** The code an authenticator app shows `offset` periods from now. */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/**
 * Operators (ADR 0041): no sign-up, a first password from the command, a TOTP second factor set at
 * the first sign-in with recovery codes shown once, each code used once even when sent twice at once,
 * tokens of their own audience, and every step in the audit log.
 */
describe('operators: password, second factor, audit log', () => {
  let under: ServiceUnderTest;
  let rpc: RpcClient;
  let config: IdentityConfig;
  let operators: OperatorsService;
  let seq = 0;
  const email = () => `ops${++seq}-${Date.now()}@popote.test`;

  /** A new operator who has set their second factor: email, password, secret, recovery codes. */
  async function enrolled() {
    const address = email();
    const { password } = await operators.add(address, 'Odile Opératrice');
    const first = await rpc.call(OperatorRpc.signIn, { email: address, password, client });
    if (first.step !== 'enrol') throw new Error(`expected enrol, got ${first.step}`);
    const code = await codeAt(first.secret);
    const done = await rpc.call(OperatorRpc.confirmEnrolment, { enrolment_token: first.enrolment_token, code, client });
    return { address, password, secret: first.secret, code, recovery: done.recovery_codes, session: done.session };
  }

  beforeAll(async () => {
    await resetJetStream();
    config = identityConfig(serviceEnv('identity', __filename, { LOGIN_MAX_FAILURES_ACCOUNT: '8', LOGIN_WINDOW_S: '60' }));
    ({ rpc } = under = await serviceUnderTest('identity', AppModule.forRoot(config), config.NATS_URL));
    operators = under.app.get(OperatorsService);
  });

  afterAll(async () => {
    await under?.close();
  });

  it('first sign-in: the secret to scan, then its first code opens a console session and shows the recovery codes once', async () => {
    const address = email();
    const { password } = await operators.add(address, 'Odile Opératrice');
    const first = await rpc.call(OperatorRpc.signIn, { email: address, password, client });
    expect(first).toMatchObject({ step: 'enrol', otpauth_url: expect.stringMatching(/^otpauth:\/\/totp\/.*secret=/) });
    if (first.step !== 'enrol') return;

    const wrong = await expectDomainError(
      rpc.call(OperatorRpc.confirmEnrolment, { enrolment_token: first.enrolment_token, code: '000000', client }),
    );
    expect(wrong.message).toBe(OPERATOR_MESSAGES.codeInvalid);

    const done = await rpc.call(OperatorRpc.confirmEnrolment, {
      enrolment_token: first.enrolment_token,
      code: await codeAt(first.secret),
      client,
    });
    expect(done.recovery_codes).toHaveLength(RECOVERY_CODES);
    expect(new Set(done.recovery_codes).size).toBe(RECOVERY_CODES);
    // A console token, and only that: a buyer's or cook's check refuses it.
    expect(await verifyOperatorToken(done.session.access_token, 'session', config)).toMatchObject({ email: address });
    expect(await verifyAccessToken(done.session.access_token, config)).toBeNull();
    expect(await verifyOperatorToken(first.enrolment_token, 'session', config)).toBeNull();
    const minutes = (Date.parse(done.session.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(25);
    expect(minutes).toBeLessThanOrEqual(30);

    // The enrolment is over: the same link cannot set another secret.
    const again = await expectDomainError(
      rpc.call(OperatorRpc.confirmEnrolment, { enrolment_token: first.enrolment_token, code: await codeAt(first.secret), client }),
    );
    expect(again.message).toBe(OPERATOR_MESSAGES.enrolmentExpired);
  });

  it('later sign-ins need the code; a code or a recovery code opens one session, even sent five times at once', async () => {
    const op = await enrolled();
    expect(await rpc.call(OperatorRpc.signIn, { email: op.address, password: op.password, client })).toEqual({ step: 'code_required' });
    // The enrolment's own code is spent (whatever the clock did since): the next period's code is needed.
    const spent = await expectDomainError(
      rpc.call(OperatorRpc.signIn, { email: op.address, password: op.password, code: op.code, client }),
    );
    expect(spent.message).toBe(OPERATOR_MESSAGES.codeInvalid);

    const next = await codeAt(op.secret, 1);
    const racing = await Promise.allSettled(
      Array.from({ length: 5 }, () => rpc.call(OperatorRpc.signIn, { email: op.address, password: op.password, code: next, client })),
    );
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);

    const recovery = op.recovery[3]!.toUpperCase().replace('-', ' ');
    const withRecovery = await Promise.allSettled(
      Array.from({ length: 3 }, () => rpc.call(OperatorRpc.signIn, { email: op.address, password: op.password, code: recovery, client })),
    );
    const opened = withRecovery.filter((r) => r.status === 'fulfilled');
    expect(opened).toHaveLength(1);
    expect((opened[0] as PromiseFulfilledResult<{ step: string; recovery_code_used?: boolean }>).value).toMatchObject({
      step: 'signed_in',
      recovery_code_used: true,
    });
  });

  it('refuses a wrong password or code in French without saying which, and stops guessing after eight failures', async () => {
    const op = await enrolled();
    const refused = await expectDomainError(rpc.call(OperatorRpc.signIn, { email: op.address, password: 'nope', code: '123456', client }));
    expect(refused.message).toBe(OPERATOR_MESSAGES.invalidCredentials);
    const unknown = await expectDomainError(rpc.call(OperatorRpc.signIn, { email: email(), password: 'nope', client }));
    expect(unknown.message).toBe(OPERATOR_MESSAGES.invalidCredentials);
    for (let i = 0; i < 7; i++)
      await expectDomainError(rpc.call(OperatorRpc.signIn, { email: op.address, password: op.password, code: '999999', client }));
    // The account's counter is full: even the right code waits for the window.
    const limited = await expectDomainError(
      rpc.call(OperatorRpc.signIn, { email: op.address, password: op.password, code: await codeAt(op.secret, 1), client }),
    );
    expect(limited.code).toBe('RATE_LIMITED');
  });

  it('writes each step to the audit log, newest first, page by page', async () => {
    const op = await enrolled();
    const { entries } = await rpc.call(OperatorRpc.audit, { operator_id: op.session.operator.operator_id, limit: 200 });
    const mine = entries.filter(
      (e) => e.operator_id === op.session.operator.operator_id || e.target === `operator:${op.session.operator.operator_id}`,
    );
    expect(mine.map((e) => e.action)).toEqual(['operator.signed-in', 'operator.second-factor-set', 'operator.added']);
    expect(mine[2]).toMatchObject({ operator_id: null, reason: `Odile Opératrice <${op.address}>` });
    const sorted = [...entries].sort((a, b) => (a.entry_id < b.entry_id ? 1 : -1));
    expect(entries).toEqual(sorted);

    const first = await rpc.call(OperatorRpc.audit, { operator_id: op.session.operator.operator_id, limit: 2 });
    const second = await rpc.call(OperatorRpc.audit, {
      operator_id: op.session.operator.operator_id,
      limit: 2,
      before: first.next_before!,
    });
    expect(first.entries).toHaveLength(2);
    expect(second.entries[0]!.entry_id < first.entries[1]!.entry_id).toBe(true);

    // Nobody but an operator reads it.
    const stranger = await expectDomainError(rpc.call(OperatorRpc.audit, { operator_id: 'op_nobody', limit: 10 }));
    expect(stranger.code).toBe('FORBIDDEN');
  });

  it('keeps the log in a database of its own, and a disabled operator can neither sign in nor act', async () => {
    const op = await enrolled();
    const operatorId = op.session.operator.operator_id;
    // The log's own database (find and insert only for the service in production): no line in identity's.
    const db = under.app.get<Connection>(getConnectionToken()).db!;
    expect(await db.collection('operatorAudit').countDocuments({ operator_id: operatorId })).toBe(0);
    const audit = db.client.db(`${db.databaseName}_audit`).collection('operatorAudit');
    expect(await audit.countDocuments({ operator_id: operatorId })).toBeGreaterThanOrEqual(2);

    const operatorModel = under.app.get<Connection>(getConnectionToken()).model(Operator.name);
    const auditModel = under.app.get<Model<OperatorAudit>>(getModelToken(OperatorAudit.name));
    expect(await disableOperator(operatorModel, auditModel, op.address, 'Départ de l’équipe')).toBe(true);
    expect(await disableOperator(operatorModel, auditModel, op.address, 'Départ de l’équipe')).toBe(false);
    const signIn = await expectDomainError(
      rpc.call(OperatorRpc.signIn, { email: op.address, password: op.password, code: await codeAt(op.secret, 1), client }),
    );
    expect(signIn.message).toBe(OPERATOR_MESSAGES.disabled);
    const acting = await expectDomainError(rpc.call(OperatorRpc.audit, { operator_id: operatorId, limit: 10 }));
    expect(acting.code).toBe('FORBIDDEN');
    expect(
      await audit.countDocuments({ action: 'operator.disabled', target: `operator:${operatorId}`, reason: 'Départ de l’équipe' }),
    ).toBe(1);
  });
});
