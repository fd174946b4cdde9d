import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainError, IDENTITY_MESSAGES, IdentityEvents, type Actor, type SessionTokens } from '@popote/contracts';
import { expireAt, OutboxRelay, outboxUpdate, PLATFORM_CONFIG, signAccessToken, type TokenProfile } from '@popote/platform';
import type { IdentityConfig } from '../config';
import { Session } from '../users/user.schema';
import { IdentityStore } from '../store';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Short-lived access tokens and rotating refresh tokens. Each refresh consumes its token and issues
 * a new one of the same family; presenting a consumed token again means it was stolen (or replayed),
 * so the whole family is revoked and everyone holding it must sign in again.
 */
@Injectable()
export class SessionsService implements OnModuleInit, OnModuleDestroy {
  private stopExpiry?: () => void;

  constructor(
    private readonly store: IdentityStore,
    @Inject(PLATFORM_CONFIG) private readonly config: IdentityConfig,
    private readonly relay: OutboxRelay,
  ) {}

  /** Expired refresh tokens (used, revoked or not) are deleted: a TTL index, or a sweep where there is none. */
  async onModuleInit(): Promise<void> {
    this.stopExpiry = await expireAt(this.store.sessions.collection, 'expires_at', this.config.EXPIRY_SWEEP_MS);
  }

  onModuleDestroy(): void {
    this.stopExpiry?.();
  }

  /** `profile`: what the access token says of the user (their name, a confirmed email), as just read. */
  async open(actor: Actor, profile: TokenProfile, familyId: string = randomUUID()): Promise<SessionTokens> {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_S * 1000);
    await this.store.sessions.create({
      _id: id,
      family_id: familyId,
      user_id: actor.user_id,
      secret_hash: sha256(secret),
      expires_at: expiresAt,
      created_at: new Date(),
    });
    const access = await signAccessToken(actor, familyId, this.config, profile);
    return {
      access_token: access.token,
      access_expires_at: access.expiresAt.toISOString(),
      refresh_token: `${id}.${secret}`,
      refresh_expires_at: expiresAt.toISOString(),
    };
  }

  /** Consumes a refresh token; returns the user id and family to reissue for. */
  async consume(refreshToken: string): Promise<{ user_id: string; family_id: string }> {
    const expired = () => new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.sessionExpired);
    const [id, secret] = refreshToken.split('.');
    if (!id || !secret) throw expired();
    const session = await this.store.sessions.findById(id).lean<Session>();
    if (!session || !safeEqual(session.secret_hash, sha256(secret))) throw expired();
    if (session.revoked_at || session.expires_at.getTime() < Date.now()) throw expired();
    if (session.used_at) {
      // Two requests of one page refreshing at once is not theft: within a few seconds the
      // replay is refused without revoking; later, it is a stolen token and the family goes.
      if (Date.now() - session.used_at.getTime() >= this.config.REFRESH_REUSE_GRACE_MS) await this.revokeFamily(session.family_id);
      throw expired();
    }
    const claimed = await this.store.sessions.updateOne({ _id: id, used_at: null }, { $set: { used_at: new Date() } });
    if (claimed.modifiedCount !== 1) {
      await this.revokeFamily(session.family_id);
      throw expired();
    }
    return { user_id: session.user_id, family_id: session.family_id };
  }

  async revokeByToken(refreshToken: string): Promise<void> {
    const [id, secret] = refreshToken.split('.');
    if (!id || !secret) return;
    const session = await this.store.sessions.findById(id).lean<Session>();
    if (session && safeEqual(session.secret_hash, sha256(secret))) await this.revokeFamily(session.family_id);
  }

  async revokeFamily(familyId: string): Promise<void> {
    const one = await this.store.sessions.findOne({ family_id: familyId }, { user_id: 1 }).lean<Session>();
    await this.store.sessions.updateMany({ family_id: familyId, revoked_at: null }, { $set: { revoked_at: new Date() } });
    if (one) await this.announce(one.user_id, [familyId]);
  }

  /** Closes every session of a user but `exceptFamily` (a password change keeps the session that made it). */
  async revokeAllOf(userId: string, exceptFamily?: string | null): Promise<string[]> {
    const filter = { user_id: userId, revoked_at: null, ...(exceptFamily ? { family_id: { $ne: exceptFamily } } : {}) };
    const families = [...new Set((await this.store.sessions.find(filter, { family_id: 1 }).lean<Session[]>()).map((s) => s.family_id))];
    await this.store.sessions.updateMany(filter, { $set: { revoked_at: new Date() } });
    if (families.length) await this.announce(userId, families, !exceptFamily);
    return families;
  }

  /** The user's sessions as the export shows them (dates only: no secret, no hash). */
  async listOf(userId: string): Promise<{ created_at: Date; expires_at: Date; revoked_at: Date | null }[]> {
    return this.store.sessions.find({ user_id: userId }, { _id: 0, created_at: 1, expires_at: 1, revoked_at: 1 }).lean();
  }

  /**
   * Tells the BFFs (through the user's outbox, so it is not lost): their live subscriptions of these
   * sessions close, and access tokens of them are no longer accepted.
   */
  private async announce(userId: string, sessionIds: string[], everywhere = false): Promise<void> {
    // Published when the step ends, not at the next sweep: a closed session must stop working at once on every BFF.
    await this.relay.change(this.store.users, userId, () => {
      const { push, set } = outboxUpdate(IdentityEvents.sessionsRevoked, {
        user_id: userId,
        session_ids: sessionIds,
        revoked_at: new Date().toISOString(),
        everywhere,
      });
      return this.store.users.updateOne({ _id: userId }, { $push: push, $set: set });
    });
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
