import { Module } from '@nestjs/common';
import { ReadCacheModule } from '../read-cache/read-cache.module';
import { SecurityModule } from '../security/security.module';
import { AlertsResolver } from './alerts.resolver';
import { FollowsResolver, MealFavouriteResolver } from './follows.resolver';
import { UnsubscribeController } from './unsubscribe.controller';

/** Following cooks, favourite dishes, alert settings and the unsubscribe link of an alert email. */
@Module({
  imports: [SecurityModule, ReadCacheModule],
  controllers: [UnsubscribeController],
  providers: [FollowsResolver, MealFavouriteResolver, AlertsResolver],
})
export class FollowsModule {}
