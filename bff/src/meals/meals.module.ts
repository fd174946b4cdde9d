import { Module } from '@nestjs/common';
import { ReadCacheModule } from '../read-cache/read-cache.module';
import { CookResolver, MealsResolver } from './meals.resolver';

/** The dishes and the cooks' public pages: read through the cache, changed by their cook. */
@Module({
  imports: [ReadCacheModule],
  providers: [MealsResolver, CookResolver],
})
export class MealsModule {}
