import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ACCOUNT_MESSAGES, DomainError } from '@popote/contracts';
import { expireAt, PLATFORM_CONFIG, insertOnce } from '@popote/platform';
import type { IdentityConfig } from '../config';
import { AccountToken, type AccountTokenPurpose } from '../users/user.schema';
import { IdentityStore } from '../store';

/** How long a link works (a reset link: 30 minutes). */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  verify: 48 * 3600_000,
  reset: 30 * 60_000,
  'email-change': 24 * 3600_000,
};

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Single-use, expiring links. The link carries 32 random bytes; identity stores only their sha256.
 * Using a link inserts a `consumedTokens` record whose `_id` is that hash before anything else:
 * under two concurrent clicks exactly one insert succeeds (duplicate key for the other), which holds
 * on FerretDB (no atomic conditional update there) as on MongoDB.
 */
@Injectable()
export class AccountTokensService implements OnModuleInit, OnModuleDestroy {
  private stops: (() => void)[] = [];

  constructor(
    private readonly store: IdentityStore,
    @Inject(PLATFORM_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.stops = [
      await expireAt(this.store.accountTokens.collection, 'expires_at', this.config.EXPIRY_SWEEP_MS),
      await expireAt(this.store.consumedTokens.collection, 'expires_at', this.config.EXPIRY_SWEEP_MS),
    ];
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }

  /** A new link for `purpose`; the user's earlier links for the same purpose stop working. */
  async issue(purpose: AccountTokenPurpose, userId: string, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.store.accountTokens.deleteMany({ user_id: userId, purpose });
    const now = Date.now();
    await this.store.accountTokens.create({
      _id: tokenHash(token),
      purpose,
      user_id: userId,
      email,
      expires_at: new Date(now + TOKEN_TTL_MS[purpose]),
      created_at: new Date(now),
    });
    return token;
  }

  /**
   * Uses a link once: its record if it is valid, of one of `purposes`, not expired and not used
   * before. Refusals are French: used (the consumed record exists) or invalid/expired.
   */
  async consume(token: string, purposes: AccountTokenPurpose[]): Promise<AccountToken> {
    const id = tokenHash(token);
    if (await this.store.consumedTokens.exists({ _id: id })) throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkUsed);
    const record = await this.store.accountTokens.findById(id).lean<AccountToken>();
    if (!record || !purposes.includes(record.purpose) || record.expires_at.getTime() <= Date.now()) {
      throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkInvalid);
    }
    const consumed = await insertOnce(() =>
      this.store.consumedTokens.create({ _id: id, consumed_at: new Date(), expires_at: record.expires_at }),
    );
    if (!consumed) throw new DomainError('VALIDATION_FAILED', ACCOUNT_MESSAGES.linkUsed);
    await this.store.accountTokens.deleteOne({ _id: id });
    return record;
  }

  /** Erasure: the user's pending links go. */
  async forget(userId: string): Promise<void> {
    await this.store.accountTokens.deleteMany({ user_id: userId });
  }
}
