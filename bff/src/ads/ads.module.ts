import { Module } from '@nestjs/common';
import { ReadCacheModule } from '../read-cache/read-cache.module';
import { AdsResolver } from './ads.resolver';
import { SponsoredMeals } from './sponsored-meals.service';

/** Advertisements (ADR 0020): the cooks' campaigns and the sponsored card shown to buyers. */
@Module({
  imports: [ReadCacheModule],
  providers: [AdsResolver, SponsoredMeals],
})
export class AdsModule {}
