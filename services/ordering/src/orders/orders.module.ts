import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PaymentSucceededHandler } from '../events/payment-succeeded.handler';
import { StockCommittedHandler } from '../events/stock-committed.handler';
import { StockRejectedHandler } from '../events/stock-rejected.handler';
import { Order, OrderSchema } from './order.schema';
import { OrdersRpcController } from './orders.rpc.controller';
import { OrdersService } from './orders.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Order.name, schema: OrderSchema }])],
  controllers: [OrdersRpcController],
  providers: [OrdersService, PaymentSucceededHandler, StockCommittedHandler, StockRejectedHandler],
  exports: [OrdersService],
})
export class OrdersModule {}
