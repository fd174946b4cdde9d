import { Module } from '@nestjs/common';
import { DataExportsModule } from '../account/exports/data-exports.module';
import { ReadCacheModule } from '../read-cache/read-cache.module';
import { SecurityModule } from '../security/security.module';
import { AccountResolver, VerifiedEmailGuard } from './account.resolver';
import { AuthResolver } from './auth.resolver';

/**
 * Signing up, in and out, and the account's own settings. The sessions themselves (SessionService,
 * SessionRevocations) are SessionModule's, global: the GraphQL context and the HTTP guards need them too.
 */
@Module({
  imports: [SecurityModule, ReadCacheModule, DataExportsModule],
  providers: [AuthResolver, AccountResolver, VerifiedEmailGuard],
})
export class AuthModule {}
