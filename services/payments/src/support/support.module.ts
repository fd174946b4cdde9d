import { Module } from '@nestjs/common';
import { CheckoutsModule } from '../checkouts/checkouts.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { ReceiptsModule } from '../receipts/receipts.module';
import { SupportRefundsService } from './support-refunds.service';
import { SupportRpcController } from './support.rpc.controller';
import { SupportService } from './support.service';

/** Support tools for the operator console (ADR 0043): refunds by an operator, an order's payments story, failed payouts. */
@Module({
  imports: [CheckoutsModule, PayoutsModule, ReceiptsModule],
  controllers: [SupportRpcController],
  providers: [SupportRefundsService, SupportService],
})
export class SupportModule {}
