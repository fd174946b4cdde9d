import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_MESSAGES,
  AccountEvents,
  DomainError,
  ERASED_NAME,
  ERASURE_BLOCKING_SERVICES,
  erasureBlockersRpc,
  IDENTITY_MESSAGES,
  NotificationsRpc,
  type Actor,
  changeEmailInput,
  resetPasswordInput,
} from '@popote/contracts';
import { OutboxRelay, recordEvent, RpcClient } from '@popote/platform';
import type { z } from 'zod';
import { accountKey } from '../auth/login-throttle.service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { SessionsService } from '../auth/sessions.service';
import { User, type AccountTokenPurpose } from '../users/user.schema';
import { duplicateError } from '../users/users.service';
import { AccountTokensService } from './account-tokens.service';
import { IdentityStore } from '../store';

/**
 * The account lifecycle: address verification, password reset, email change, erasure (what
 * identity holds goes into an export through IdentityPersonalData). Emails are written and sent by
 * notifications (its PUBLIC_URL makes the links); identity only issues the single-use tokens.
 */
@Injectable()
export class AccountService {
  private readonly log = new Logger('Account');

  constructor(
    private readonly store: IdentityStore,
    private readonly tokens: AccountTokensService,
    private readonly sessions: SessionsService,
    private readonly relay: OutboxRelay,
    private readonly rpc: RpcClient,
  ) {}

  private async live(userId: string): Promise<User> {
    const user = await this.store.users.findById(userId).lean<User>();
    if (!user || user.erased_at) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    return user;
  }

  private async liveWithHash(userId: string): Promise<User> {
    const user = await this.store.users.findById(userId).select('+password_hash').lean<User>();
    if (!user || user.erased_at) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    return user;
  }

  private mail(input: z.input<typeof NotificationsRpc.sendAccountEmail.request>): Promise<void> {
    return this.rpc.call(NotificationsRpc.sendAccountEmail, input).then(() => undefined);
  }

  /** At sign-up: the first link. A mail outage does not fail the sign-up ('Renvoyer l'email' is there). */
  sendVerificationInBackground(user: Pick<User, '_id' | 'email' | 'name'>): void {
    void this.sendVerification(user).catch((err: unknown) =>
      this.log.warn(`verification email for ${user._id} not sent: ${(err as Error).message}`),
    );
  }

  private async sendVerification(user: Pick<User, '_id' | 'email' | 'name'>): Promise<void> {
    await this.mailLink('verify', user);
  }

  /** A new single-use link for `purpose`, emailed to `to` (the account's address unless given); returns its token. */
  private async mailLink(purpose: AccountTokenPurpose, user: Pick<User, '_id' | 'email' | 'name'>, to = user.email): Promise<string> {
    const token = await this.tokens.issue(purpose, user._id, to);
    await this.mail({ kind: purpose, to, name: user.name, token, dedupe_key: `${purpose}-${token.slice(0, 16)}`, user_id: user._id });
    return token;
  }

  /** 'Renvoyer l'email' (rate-limited by the BFF). */
  async resendVerification(actor: Actor): Promise<void> {
    const user = await this.live(actor.user_id);
    if (user.email_verified_at !== null) throw new DomainError('CONFLICT', ACCOUNT_MESSAGES.alreadyVerified);
    await this.sendVerification(user);
  }

  /** A verification or email-change link: the address is confirmed (and, for a change, becomes the account's). */
  async verifyEmail(token: string): Promise<{ user_id: string; email: string; purpose: 'verify' | 'email-change' }> {
    const record = await this.tokens.consume(token, ['verify', 'email-change']);
    const user = await this.store.users.findById(record.user_id).lean<User>();
    if (!user || user.erased_at) throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid);
    if (record.purpose === 'verify') {
      // A link to an address the account no longer has confirms nothing.
      if (user.email !== record.email) throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid);
      await this.relay.change(this.store.users, user._id, () =>
        this.store.users.updateOne({ _id: user._id }, { $set: { email_verified_at: new Date() } }),
      );
      return { user_id: user._id, email: user.email, purpose: 'verify' };
    }
    if (await this.store.users.exists({ email: record.email, _id: { $ne: user._id } })) {
      throw new DomainError('CONFLICT', IDENTITY_MESSAGES.emailTaken, { new_email: IDENTITY_MESSAGES.emailTaken });
    }
    try {
      await this.relay.change(this.store.users, user._id, () =>
        this.store.users.updateOne({ _id: user._id }, { $set: { email: record.email, email_verified_at: new Date() } }),
      );
    } catch (err) {
      throw duplicateError(err) ?? err;
    }
    await this.store.loginAttempts.deleteOne({ _id: accountKey(user.email) });
    return { user_id: user._id, email: record.email, purpose: 'email-change' };
  }

  /**
   * 'Mot de passe oublié ?': the same answer, at the same speed, whether or not the address has an
   * account — the lookup and the email happen after the answer.
   */
  requestPasswordReset(email: string): void {
    void (async () => {
      const user = await this.store.users.findOne({ email, erased_at: null }).lean<User>();
      if (!user) return;
      await this.mailLink('reset', user);
    })().catch((err: unknown) => this.log.warn(`password reset email not sent: ${(err as Error).message}`));
  }

  /** The new password; every session of the user closes (whoever had the old one is out). */
  async resetPassword(input: z.infer<typeof resetPasswordInput>): Promise<void> {
    const record = await this.tokens.consume(input.token, ['reset']);
    const user = await this.store.users.findById(record.user_id).lean<User>();
    if (!user || user.erased_at || user.email !== record.email) throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid);
    const hash = await hashPassword(input.new_password);
    // Opening the link proves the mailbox: the address counts as verified.
    await this.relay.change(this.store.users, user._id, () =>
      this.store.users.updateOne(
        { _id: user._id },
        { $set: { password_hash: hash, email_verified_at: user.email_verified_at ?? new Date() } },
      ),
    );
    await this.store.loginAttempts.deleteOne({ _id: accountKey(user.email) });
    await this.sessions.revokeAllOf(user._id);
  }

  /** Confirmation to the new address, a notice to the current one; nothing changes until the link is opened. */
  async requestEmailChange(actor: Actor, input: z.infer<typeof changeEmailInput>): Promise<void> {
    const user = await this.liveWithHash(actor.user_id);
    if (!(await verifyPassword(user.password_hash, input.current_password))) {
      throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.passwordWrong, { current_password: ACCOUNT_MESSAGES.passwordWrong });
    }
    if (input.new_email === user.email)
      throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.sameEmail, { new_email: ACCOUNT_MESSAGES.sameEmail });
    if (await this.store.users.exists({ email: input.new_email })) {
      throw new DomainError('CONFLICT', IDENTITY_MESSAGES.emailTaken, { new_email: IDENTITY_MESSAGES.emailTaken });
    }
    const key = (await this.mailLink('email-change', user, input.new_email)).slice(0, 16);
    await this.mail({
      kind: 'email-change-notice',
      to: user.email,
      name: user.name,
      new_email: input.new_email,
      dedupe_key: `email-change-notice-${key}`,
      user_id: user._id,
    });
  }

  /**
   * 'Supprimer mon compte' (GDPR art. 17). Refused while a service names a reason (an order in
   * progress, a payment under way, a payout owed). Then, in one write, the user becomes an anonymous
   * tombstone of its id and the erasure is announced (outbox): every service deletes or anonymises
   * what it holds.
   *
   * The blockers are asked under the user's lock, right before that write, and one service after the
   * other — payments first: a paid checkout becomes orders in ordering, so asked in that order, a
   * payment is seen either still in payments or already as an order. An order can still land on the
   * account after it (a card confirmed on a checkout made in that instant): ordering cancels and
   * refunds whatever lands on an erased account (OrderingPersonalData), so no erased account keeps an
   * open order.
   */
  async deleteAccount(actor: Actor, password: string): Promise<void> {
    const user = await this.liveWithHash(actor.user_id);
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.passwordWrong, { password: ACCOUNT_MESSAGES.passwordWrong });
    }
    const tombstone = `supprime-${user._id.replace(/[^a-zA-Z0-9]/g, '').slice(0, 12)}`;
    // Hashed before the lock: the lock is held only for the blockers and the write.
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    const erased = await this.relay.change(this.store.users, user._id, async () => {
      const doc = await this.store.users.findById(user._id);
      if (!doc || doc.erased_at) return false;
      const reasons = await this.erasureBlockers(user._id);
      if (reasons.length) throw new DomainError('CONFLICT', reasons.join(' '), undefined, { reasons });
      doc.set({
        email: `${tombstone}@erased.invalid`,
        username: tombstone,
        username_key: tombstone,
        name: ERASED_NAME,
        location: '—', // required by the schema; nothing of the person's
        bio: '',
        avatar_url: null,
        user_type: 'consumer',
        specialties: [],
        dietary_preferences: [],
        password_hash: unusable,
        email_verified_at: null,
        erased_at: new Date(),
        // Earlier events still waiting here (names, usernames) are moot now: only the erasure goes out.
        _outbox: [],
      });
      recordEvent(doc, AccountEvents.erasureRequested, {
        user_id: user._id,
        email: user.email,
        names: [user.name, user.username],
        requested_at: new Date().toISOString(),
      });
      await doc.save();
      return true;
    });
    if (!erased) return;
    // At once here; identity's own handler of the announcement does it again if this process stops now.
    await this.eraseLeftovers(user._id, user.email);
  }

  /**
   * Why the account cannot be erased now (French), from each blocking service in turn (see
   * ERASURE_BLOCKING_SERVICES for the order). Fails closed: a service that cannot answer blocks
   * the erasure (the RPC error is raised).
   */
  private async erasureBlockers(userId: string): Promise<string[]> {
    const reasons: string[] = [];
    for (const s of ERASURE_BLOCKING_SERVICES) reasons.push(...(await this.rpc.call(erasureBlockersRpc(s), { user_id: userId })).reasons);
    return reasons;
  }

  /** What identity keeps beside the user document: cook profile, sign-in counter, pending links, sessions. Idempotent. */
  async eraseLeftovers(userId: string, email: string): Promise<void> {
    await this.store.cookProfiles.deleteOne({ _id: userId });
    await this.store.loginAttempts.deleteOne({ _id: accountKey(email) });
    await this.tokens.forget(userId);
    await this.sessions.revokeAllOf(userId);
  }
}
