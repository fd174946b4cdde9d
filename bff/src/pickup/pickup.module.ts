import { Module } from '@nestjs/common';
import { ReadCacheModule } from '../read-cache/read-cache.module';
import { OrderPickupResolver, PickupResolver } from './pickup.resolver';

/** The cooks' pick-up settings, the slots offered to a buyer and an order's pick-up address. */
@Module({
  imports: [ReadCacheModule],
  providers: [PickupResolver, OrderPickupResolver],
})
export class PickupModule {}
