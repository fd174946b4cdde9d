import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CheckoutsModule } from '../checkouts/checkouts.module';
import { ProvidersModule } from '../providers/providers.module';
import { LedgerService } from './ledger.service';
import { PayoutAccountsService } from './payout-accounts.service';
import { PayoutScheduleService } from './payout-schedule.service';
import { OrderCancelledHandler, OrderPickedUpHandler } from './payouts.handlers';
import { PayoutsRpcController } from './payouts.rpc.controller';
import { PayoutsService } from './payouts.service';
import { PayoutsStore } from './payouts.schema';

/**
 * The cooks' ledger and payouts (ADR 0007, 0029): the entries the orders' events cause, the payout
 * accounts, the payouts and their rounds. Uses the checkouts (a sale's commission rate, the refund of
 * a cancelled or picked-up order); exports the ledger, which the campaigns spend from.
 */
@Module({
  imports: [MongooseModule.forFeature(PayoutsStore.definitions), ProvidersModule, CheckoutsModule],
  controllers: [PayoutsRpcController],
  providers: [
    PayoutsStore,
    LedgerService,
    PayoutsService,
    PayoutAccountsService,
    PayoutScheduleService,
    OrderCancelledHandler,
    OrderPickedUpHandler,
  ],
  exports: [PayoutsStore, LedgerService, PayoutsService, MongooseModule],
})
export class PayoutsModule {}
