import { Module } from '@nestjs/common';
import { AdvertisingModule } from '../advertising/advertising.module';
import { CheckoutsModule } from '../checkouts/checkouts.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { ReceiptsModule } from '../receipts/receipts.module';
import { SalesWorkerHandler } from './sales.handlers';

/**
 * A placed order, on its cook's partition: one delivery writes the sale in the ledger, issues the
 * receipt and counts the order for the campaigns. Above the three modules it feeds (none of them
 * knows the others through it).
 */
@Module({
  imports: [CheckoutsModule, PayoutsModule, ReceiptsModule, AdvertisingModule],
  providers: [SalesWorkerHandler],
})
export class SalesModule {}
