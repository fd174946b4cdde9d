import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

/**
 * The per-client counters (one RateLimitService for the whole BFF: one database connection, one
 * expiry sweep) and the guard that counts every GraphQL mutation, applied to all resolvers.
 */
@Module({
  providers: [RateLimitService, { provide: APP_GUARD, useClass: RateLimitGuard }],
  exports: [RateLimitService],
})
export class SecurityModule {}
