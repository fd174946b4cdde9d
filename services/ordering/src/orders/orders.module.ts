import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ErasedAccounts } from '../account/erased-accounts';
import { PaymentSucceededHandler } from '../events/payment-succeeded.handler';
import { StockCommittedHandler } from '../events/stock-committed.handler';
import { StockRejectedHandler } from '../events/stock-rejected.handler';
import { LifecycleService } from './lifecycle.service';
import { CheckoutOrders, CheckoutOrdersSchema, Order, OrderSchema, Review, ReviewSchema } from './order.schema';
import { OrdersRpcController } from './orders.rpc.controller';
import { OrdersService } from './orders.service';
import { RemindersService } from './reminders.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Order.name, schema: OrderSchema },
      { name: CheckoutOrders.name, schema: CheckoutOrdersSchema },
      { name: Review.name, schema: ReviewSchema },
    ]),
  ],
  controllers: [OrdersRpcController],
  providers: [
    OrdersService,
    LifecycleService,
    RemindersService,
    PaymentSucceededHandler,
    StockCommittedHandler,
    StockRejectedHandler,
    ErasedAccounts,
  ],
  exports: [OrdersService, ErasedAccounts, MongooseModule],
})
export class OrdersModule {}
