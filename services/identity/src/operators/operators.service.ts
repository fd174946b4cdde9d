import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DomainError, OPERATOR_MESSAGES, type AuditEntryDto, type OperatorSession } from '@popote/contracts';
import { DistributedLocks, PLATFORM_CONFIG, signOperatorToken, verifyOperatorToken, type OperatorActor } from '@popote/platform';
import type { Model } from 'mongoose';
import { generateSecret, generateURI, verify } from 'otplib';
import type { IdentityConfig } from '../config';
import { LoginThrottleService } from '../auth/login-throttle.service';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { Operator, OperatorAudit } from './operator.schema';

/** How many recovery codes an operator gets, each usable once. */
export const RECOVERY_CODES = 10;
/** The issuer an authenticator app shows next to the account. */
const TOTP_ISSUER = 'Popote (opérateurs)';
/** One period either side of now is accepted (the phone's clock may be 30 s off). */
const TOTP_TOLERANCE_S = 30;

/** Operators' failed sign-ins are counted apart from a buyer's with the same address. */
const throttleKey = (email: string) => `ops:${email}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A recovery code: 10 letters and digits in two groups (`abcde-12345`), typed with or without the dash. */
const recoveryCode = () => {
  const raw = randomBytes(10).toString('base64url').replace(/[-_]/g, '').toLowerCase().slice(0, 10).padEnd(10, '0');
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};
const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
/** Audit ids sort by time: the instant in base 36 (fixed width), then randomness. */
const auditId = (at: Date) => `${at.getTime().toString(36).padStart(9, '0')}-${randomBytes(6).toString('hex')}`;

type Signed = { step: 'signed_in'; session: OperatorSession; recovery_code_used: boolean };
type SignInOutcome = Signed | { step: 'code_required' } | { step: 'enrol'; enrolment_token: string; secret: string; otpauth_url: string };

/**
 * Operators (a role of their own, ADR 0041): created from the command line, signed in with a password
 * and a TOTP second factor (or a recovery code), each action written to the append-only audit log.
 * Failed passwords and codes count against the same throttle as buyers' sign-ins, under a key of
 * their own.
 */
@Injectable()
export class OperatorsService {
  constructor(
    @InjectModel(Operator.name) private readonly operators: Model<Operator>,
    @InjectModel(OperatorAudit.name) private readonly audit: Model<OperatorAudit>,
    private readonly throttle: LoginThrottleService,
    private readonly locks: DistributedLocks,
    @Inject(PLATFORM_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** A new operator with a random first password (returned once, for whoever runs the command). */
  add(email: string, name: string): Promise<{ operator_id: string; password: string }> {
    return createOperator(this.operators, this.audit, email, name);
  }

  async signIn(email: string, password: string, code: string | undefined, ip: string): Promise<SignInOutcome> {
    const key = throttleKey(email);
    await this.throttle.assertAllowed(key, ip);
    const found = email ? await this.operators.findOne({ email }).select('+password_hash +totp_secret').lean<Operator>() : null;
    const passwordOk = await verifyPassword(found?.password_hash ?? (await decoyHash()), password);
    if (!found || !passwordOk) return this.refuse(key, ip, found, 'operator.sign-in-refused');
    if (found.disabled_at) throw new DomainError('FORBIDDEN', OPERATOR_MESSAGES.disabled);

    if (!found.totp_secret) {
      // First sign-in: a new secret, shown once, saved as pending until its first code proves it.
      const secret = generateSecret();
      await this.operators.updateOne({ _id: found._id }, { $set: { totp_pending: secret } });
      const { token } = await signOperatorToken(actorOf(found), 'enrol', this.config);
      return {
        step: 'enrol',
        enrolment_token: token,
        secret,
        otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: found.email, secret }),
      };
    }
    if (!code) return { step: 'code_required' };

    // A code is spent under the operator's lease: read, decide and write once (FerretDB's conditional
    // update is not atomic), so the same code never opens two sessions.
    const used = await this.locks.run(`operator:${found._id}`, () => this.spend(found._id, code));
    if (used) return this.signedIn(found, ip, used === 'recovery');
    return this.refuse(key, ip, found, 'operator.code-refused', OPERATOR_MESSAGES.codeInvalid);
  }

  /** The first code of a new second factor: the factor is kept, the recovery codes made (shown once), the session opened. */
  async confirmEnrolment(
    enrolmentToken: string,
    code: string,
    ip: string,
  ): Promise<{ session: OperatorSession; recovery_codes: string[] }> {
    const who = await verifyOperatorToken(enrolmentToken, 'enrol', this.config);
    if (!who) throw new DomainError('UNAUTHENTICATED', OPERATOR_MESSAGES.enrolmentExpired);
    const key = throttleKey(who.email);
    await this.throttle.assertAllowed(key, ip);
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    const found = await this.locks.run(`operator:${who.operator_id}`, async () => {
      const now = await this.operators.findById(who.operator_id).select('+totp_pending +totp_secret').lean<Operator>();
      if (!now || now.disabled_at || now.totp_secret || !now.totp_pending) return 'expired' as const;
      const step = await this.totpStep(now.totp_pending, code, 0);
      if (step === null) return now;
      await this.operators.updateOne(
        { _id: now._id },
        {
          $set: {
            totp_secret: now.totp_pending,
            totp_pending: null,
            totp_step: step,
            recovery_codes: codes.map((c) => ({ hash: sha256(normalizeRecovery(c)), used_at: null })),
          },
        },
      );
      return { enrolled: now };
    });
    if (found === 'expired') throw new DomainError('UNAUTHENTICATED', OPERATOR_MESSAGES.enrolmentExpired);
    if (!('enrolled' in found)) return this.refuse(key, ip, found, 'operator.code-refused', OPERATOR_MESSAGES.codeInvalid);
    const operator = found.enrolled;
    await this.record({ operator, action: 'operator.second-factor-set', target: `operator:${operator._id}`, ip });
    const { session } = await this.signedIn(operator, ip, false);
    return { session, recovery_codes: codes };
  }

  /** The audit log, newest first, for an operator who is still an operator. */
  async auditLog(
    operatorId: string,
    before: string | undefined,
    limit: number,
  ): Promise<{ entries: AuditEntryDto[]; next_before: string | null }> {
    await this.acting(operatorId);
    const docs = await this.audit
      .find(before ? { _id: { $lt: before } } : {})
      .sort({ _id: -1 })
      .limit(limit + 1)
      .lean<OperatorAudit[]>();
    const page = docs.slice(0, limit);
    return {
      entries: page.map((d) => ({
        entry_id: d._id,
        at: d.at.toISOString(),
        operator_id: d.operator_id,
        operator_email: d.operator_email,
        action: d.action,
        target: d.target,
        reason: d.reason,
      })),
      next_before: docs.length > limit ? page[page.length - 1]!._id : null,
    };
  }

  /** The operator acting in the console, still an operator (a disabled one's session is refused). */
  async acting(operatorId: string): Promise<Operator> {
    const operator = await this.operators.findById(operatorId).lean<Operator>();
    if (!operator || operator.disabled_at) throw new DomainError('FORBIDDEN', OPERATOR_MESSAGES.sessionExpired);
    return operator;
  }

  /** Appends one line to the audit log; its id. */
  record(entry: AuditLine): Promise<string> {
    return appendAudit(this.audit, entry);
  }

  /**
   * An operator's action carried out by another service (`rpc.identity.operator-record-audit`),
   * written before it is done: by an operator who is still one, with the reason they gave.
   */
  async recordFor(operatorId: string, action: string, target: string | null, reason: string): Promise<{ entry_id: string }> {
    const operator = await this.acting(operatorId);
    return { entry_id: await this.record({ operator, action, target, reason }) };
  }

  /** Spends a TOTP code (its time step, never again) or an unused recovery code; null: neither. */
  private async spend(operatorId: string, code: string): Promise<'totp' | 'recovery' | null> {
    const now = await this.operators.findById(operatorId).select('+totp_secret +recovery_codes').lean<Operator>();
    if (!now?.totp_secret) return null;
    const step = await this.totpStep(now.totp_secret, code, now.totp_step);
    if (step !== null) {
      await this.operators.updateOne({ _id: operatorId }, { $set: { totp_step: step } });
      return 'totp';
    }
    const hash = sha256(normalizeRecovery(code));
    if (!now.recovery_codes.some((c) => !c.used_at && c.hash === hash)) return null;
    const codes = now.recovery_codes.map((c) => (c.hash === hash ? { ...c, used_at: new Date() } : c));
    await this.operators.updateOne({ _id: operatorId }, { $set: { recovery_codes: codes } });
    return 'recovery';
  }

  /** The time step of a right code newer than `after`, or null. */
  private async totpStep(secret: string, code: string, after: number): Promise<number | null> {
    if (!/^\d{6}$/.test(code.trim())) return null;
    const result = await verify({ secret, token: code.trim(), epochTolerance: TOTP_TOLERANCE_S, afterTimeStep: after });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async signedIn(operator: Operator, ip: string, recoveryUsed: boolean): Promise<Signed> {
    await this.throttle.recordSuccess(throttleKey(operator.email));
    const actor = actorOf(operator);
    const { token, expiresAt } = await signOperatorToken(actor, 'session', this.config);
    await this.record({ operator, action: recoveryUsed ? 'operator.signed-in-with-recovery-code' : 'operator.signed-in', ip });
    return {
      step: 'signed_in',
      session: { access_token: token, expires_at: expiresAt.toISOString(), operator: actor },
      recovery_code_used: recoveryUsed,
    };
  }

  private async refuse(
    key: string,
    ip: string,
    operator: Operator | null,
    action: string,
    message: string = OPERATOR_MESSAGES.invalidCredentials,
  ): Promise<never> {
    await this.throttle.recordFailure(key, ip);
    if (operator) await this.record({ operator, action, ip });
    throw new DomainError('INVALID_CREDENTIALS', message);
  }
}

const actorOf = (o: Pick<Operator, '_id' | 'email' | 'name'>): OperatorActor => ({ operator_id: o._id, email: o.email, name: o.name });

type AuditLine = {
  operator: Pick<Operator, '_id' | 'email'> | null;
  action: string;
  target?: string | null;
  reason?: string | null;
  ip?: string;
};

/** Appends one line to the audit log (the only write the log ever gets); its id. */
export async function appendAudit(audit: Model<OperatorAudit, any, any, any>, entry: AuditLine): Promise<string> {
  const at = new Date();
  const id = auditId(at);
  await audit.create({
    _id: id,
    at,
    operator_id: entry.operator?._id ?? null,
    operator_email: entry.operator?.email ?? null,
    action: entry.action,
    target: entry.target ?? null,
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
  });
  return id;
}

/**
 * Disables an operator (the command line; `reason` goes to the audit log): from then on identity
 * refuses every console operation of theirs (`acting`) and every sign-in. False: no active operator
 * of that address.
 */
export async function disableOperator(
  operators: Model<Operator, any, any, any>,
  audit: Model<OperatorAudit, any, any, any>,
  email: string,
  reason: string,
): Promise<boolean> {
  const found = (await operators.findOne({ email, disabled_at: null }).lean()) as Operator | null;
  if (!found) return false;
  await operators.updateOne({ _id: found._id }, { $set: { disabled_at: new Date() } });
  await appendAudit(audit, { operator: null, action: 'operator.disabled', target: `operator:${found._id}`, reason });
  return true;
}

/**
 * A new operator, with a random first password returned once (the command prints it); its second
 * factor is set at the first sign-in. The command line is the only way in: there is no sign-up.
 */
export async function createOperator(
  // Any model of the collection: the service's injected one, or the command's own connection's (its `id` virtual typed).
  operators: Model<Operator, any, any, any>,
  audit: Model<OperatorAudit, any, any, any>,
  email: string,
  name: string,
): Promise<{ operator_id: string; password: string }> {
  const password = randomBytes(18).toString('base64url');
  const operator_id = `op_${randomUUID()}`;
  try {
    await operators.create({ _id: operator_id, email, name, password_hash: await hashPassword(password) });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw new DomainError('CONFLICT', OPERATOR_MESSAGES.exists);
    throw err;
  }
  await appendAudit(audit, { operator: null, action: 'operator.added', target: `operator:${operator_id}`, reason: `${name} <${email}>` });
  return { operator_id, password };
}
