import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainError } from '@popote/contracts';
import { expireAt } from '@popote/platform';
import mongoose from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';

/** What is limited, per client: sign-up and contact per address, uploads per user, every mutation per user (or address). */
export const RATE_BUCKETS = [
  'signUp',
  'signIn',
  'contact',
  'upload',
  'mutation',
  'passwordReset',
  'verifyEmail',
  'export',
  'report',
  'promoCode',
] as const;
export type RateBucket = (typeof RATE_BUCKETS)[number];

export const RATE_LIMITED_MESSAGE = 'Trop de requêtes. Veuillez réessayer dans quelques instants.';

/** A refusal that Apollo answers with HTTP 429 and Retry-After (its `extensions.http`). */
export class RateLimitedError extends DomainError {
  readonly extensions: { http: { status: number; headers: Map<string, string> } };
  constructor(
    readonly retryAfterS: number,
    message: string = RATE_LIMITED_MESSAGE,
  ) {
    super('RATE_LIMITED', message, undefined, { retry_after_s: retryAfterS });
    this.extensions = { http: { status: 429, headers: new Map([['retry-after', String(retryAfterS)]]) } };
  }
}

/** "points/seconds", e.g. "10/3600": 10 per hour. */
export function parseLimit(value: string): { points: number; duration: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`bad rate limit "${value}" (expected points/seconds)`);
  return { points: Number(m[1]), duration: Number(m[2]) };
}

/**
 * Per-client counters in the shared MongoDB-protocol store (rate-limiter-flexible's Mongo store):
 * every BFF replica counts in the same documents, which expire with a TTL index. If the store cannot
 * answer, the request is refused (fail closed), not let through uncounted.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, OnModuleDestroy {
  private stopExpiry?: () => void;
  private readonly log = new Logger('RateLimit');
  private readonly connection: mongoose.Connection;
  private readonly limiters: Record<RateBucket, RateLimiterMongo>;

  constructor(@Inject(BFF_CONFIG) config: BffConfig) {
    this.connection = mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB, serverSelectionTimeoutMS: 5000 });
    const limits: Record<RateBucket, string> = {
      signUp: config.RATE_LIMIT_SIGN_UP,
      signIn: config.RATE_LIMIT_SIGN_IN,
      contact: config.RATE_LIMIT_CONTACT,
      upload: config.RATE_LIMIT_UPLOAD,
      mutation: config.RATE_LIMIT_MUTATION,
      passwordReset: config.RATE_LIMIT_PASSWORD_RESET,
      verifyEmail: config.RATE_LIMIT_VERIFY_EMAIL,
      export: config.RATE_LIMIT_EXPORT,
      report: config.RATE_LIMIT_REPORT,
      promoCode: config.RATE_LIMIT_PROMO_CODE,
    };
    this.limiters = Object.fromEntries(
      RATE_BUCKETS.map((bucket) => [
        bucket,
        new RateLimiterMongo({
          storeClient: this.connection,
          dbName: config.MONGO_DB,
          tableName: 'rateLimits',
          keyPrefix: bucket,
          // Created below: FerretDB has no TTL indexes, which the library's own creation assumes.
          disableIndexesCreation: true,
          ...parseLimit(limits[bucket]),
        }),
      ]),
    ) as Record<RateBucket, RateLimiterMongo>;
  }

  async onModuleInit(): Promise<void> {
    await this.connection.asPromise();
    const collection = this.connection.collection('rateLimits');
    await collection.createIndex({ key: 1 }, { unique: true });
    this.stopExpiry = await expireAt(collection, 'expire');
  }

  /** Counts one request of `client` in `bucket`; throws RATE_LIMITED (with its wait) past the limit. */
  async consume(bucket: RateBucket, client: string): Promise<void> {
    try {
      await this.limiters[bucket].consume(client);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      this.log.error(`rate limit store unavailable: ${(err as Error).message}`);
      throw new DomainError('UNAVAILABLE', 'Service momentanément indisponible, veuillez réessayer');
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopExpiry?.();
    await this.connection.close().catch(() => undefined);
  }
}
