import { Module } from '@nestjs/common';
import { AccountErasureHandler, OrderingAccountRpcController, OrderingPersonalData } from '../account/account';
import { MongooseModule } from '@nestjs/mongoose';
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
  controllers: [OrdersRpcController, OrderingAccountRpcController],
  providers: [
    OrdersService,
    LifecycleService,
    RemindersService,
    PaymentSucceededHandler,
    StockCommittedHandler,
    StockRejectedHandler,
    OrderingPersonalData,
    AccountErasureHandler,
  ],
  exports: [OrdersService],
})
export class OrdersModule {}
