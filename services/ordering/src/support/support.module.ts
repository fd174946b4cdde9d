import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { SupportRpcController } from './support.rpc.controller';
import { SupportService } from './support.service';

/** Support tools for the operator console: orders found by number, buyer or cook, and an order's story. */
@Module({
  imports: [OrdersModule],
  controllers: [SupportRpcController],
  providers: [SupportService],
})
export class SupportModule {}
