import { Module } from '@nestjs/common';
import { PublicReadCache } from './public-read-cache.service';
import { PublicResponseCachePlugin } from './public-response-cache.plugin';

/**
 * The public reads' cache (ADR 0006) and the whole answers kept for signed-out visitors (ADR 0025):
 * one PublicReadCache per replica, shared by every feature that reads through it, so a change one of
 * them drops is dropped for all. The Apollo plugin is found by the GraphQL module among the providers.
 */
@Module({
  providers: [PublicReadCache, PublicResponseCachePlugin],
  exports: [PublicReadCache],
})
export class ReadCacheModule {}
