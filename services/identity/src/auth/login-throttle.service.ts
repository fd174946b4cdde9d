import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DomainError, IDENTITY_MESSAGES } from '@popote/contracts';
import { expireAt, PLATFORM_CONFIG } from '@popote/platform';
import type { Model } from 'mongoose';
import type { IdentityConfig } from '../config';
import { LoginAttempt } from '../users/user.schema';

/** The account's counter, keyed by a hash of the address (no address in clear, even after an erasure). */
export const accountKey = (email: string) => `acct:${createHash('sha256').update(email).digest('hex')}`;

/**
 * Slows brute force: after N failed sign-ins on one account (or many from one address) within the
 * window, sign-in is refused until the window ends. Nobody is locked out for good, and a success
 * clears the account's counter.
 */
@Injectable()
export class LoginThrottleService implements OnModuleInit, OnModuleDestroy {
  private stopExpiry?: () => void;

  constructor(
    @InjectModel(LoginAttempt.name) private readonly attempts: Model<LoginAttempt>,
    @Inject(PLATFORM_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** A counter whose window has ended is worth nothing: deleted (TTL index, or a sweep where there is none). */
  async onModuleInit(): Promise<void> {
    this.stopExpiry = await expireAt(this.attempts.collection, 'window_ends_at', this.config.EXPIRY_SWEEP_MS);
  }

  onModuleDestroy(): void {
    this.stopExpiry?.();
  }

  private keys(email: string, ip: string) {
    return [
      { key: accountKey(email), max: this.config.LOGIN_MAX_FAILURES_ACCOUNT },
      { key: `ip:${ip}`, max: this.config.LOGIN_MAX_FAILURES_IP },
    ];
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    const now = Date.now();
    for (const { key, max } of this.keys(email, ip)) {
      const a = await this.attempts.findById(key).lean<LoginAttempt>();
      if (a && a.window_ends_at.getTime() > now && a.failures >= max) {
        const minutes = Math.max(1, Math.ceil((a.window_ends_at.getTime() - now) / 60_000));
        throw new DomainError('RATE_LIMITED', IDENTITY_MESSAGES.tooManyAttempts, undefined, { retry_after_minutes: minutes });
      }
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = new Date();
    for (const { key } of this.keys(email, ip)) {
      const a = await this.attempts.findById(key).lean<LoginAttempt>();
      if (!a || a.window_ends_at <= now) {
        await this.attempts.updateOne(
          { _id: key },
          { $set: { failures: 1, window_ends_at: new Date(now.getTime() + this.config.LOGIN_WINDOW_S * 1000) } },
          { upsert: true },
        );
      } else {
        await this.attempts.updateOne({ _id: key }, { $inc: { failures: 1 } });
      }
    }
  }

  async recordSuccess(email: string): Promise<void> {
    await this.attempts.deleteOne({ _id: accountKey(email) });
  }
}
