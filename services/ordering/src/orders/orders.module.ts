import { AddressRetention } from './address-retention';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ErasedAccounts } from '../account/erased-accounts';
import { PaymentSucceededHandler } from '../events/payment-succeeded.handler';
import { StockRejectedHandler } from '../events/stock-rejected.handler';
import { LifecycleService } from './lifecycle.service';
import { OrdersRpcController } from './orders.rpc.controller';
import { OrdersService } from './orders.service';
import { RemindersService } from './reminders.service';
import { ModerationDecidedHandler } from '../events/moderation-decided.handler';
import { OrderingStore } from '../store';

@Module({
  imports: [MongooseModule.forFeature(OrderingStore.definitions)],
  controllers: [OrdersRpcController],
  providers: [
    OrderingStore,
    OrdersService,
    LifecycleService,
    RemindersService,
    AddressRetention,
    PaymentSucceededHandler,
    StockRejectedHandler,
    ModerationDecidedHandler,
    ErasedAccounts,
  ],
  exports: [OrderingStore, OrdersService, ErasedAccounts, MongooseModule],
})
export class OrdersModule {}
