import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CheckoutsModule } from '../checkouts/checkouts.module';
import { ReceiptsRpcController } from './receipts.rpc.controller';
import { ReceiptsService } from './receipts.service';
import { ReceiptsStore } from './receipt.schema';

/** Receipts and commission invoices (ADR 0007), numbered per cook; they read the checkout an order was paid with. */
@Module({
  imports: [MongooseModule.forFeature(ReceiptsStore.definitions), CheckoutsModule],
  controllers: [ReceiptsRpcController],
  providers: [ReceiptsStore, ReceiptsService],
  exports: [ReceiptsStore, ReceiptsService, MongooseModule],
})
export class ReceiptsModule {}
