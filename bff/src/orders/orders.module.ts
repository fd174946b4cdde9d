import { Module } from '@nestjs/common';
import { OrderLifecycleResolver } from './cook-orders.resolver';
import { OrderUpdatesService } from './order-updates.service';
import { OrdersResolver } from './orders.resolver';
import { PromotionsModule } from '../promotions/promotions.module';

/** Paying for the cart, the orders of both sides, and their live updates (`orderUpdated`). */
@Module({
  imports: [PromotionsModule],
  providers: [OrdersResolver, OrderLifecycleResolver, OrderUpdatesService],
})
export class OrdersModule {}
