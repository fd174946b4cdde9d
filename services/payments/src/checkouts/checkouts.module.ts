import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PromotionsModule } from '../promotions/promotions.module';
import { ProvidersModule } from '../providers/providers.module';
import { BuyerReservations } from './buyer-reservations';
import { CheckoutsRpcController } from './checkouts.rpc.controller';
import { CheckoutsService } from './checkouts.service';
import { CheckoutsStore } from './checkout.schema';
import { ReconciliationService } from './reconciliation.service';
import { RefundsService } from './refunds.service';

/**
 * Checkouts (docs/checkout.md, ADR 0032): reserve, then pay; the provider's outcome, the refunds and
 * the reconciliation sweep. Exports its collections (the ledger reads a checkout's commission rate,
 * a receipt its lines and refund) and the refunds (a cancelled order, a cook's refund).
 */
@Module({
  imports: [MongooseModule.forFeature(CheckoutsStore.definitions), ProvidersModule, PromotionsModule],
  controllers: [CheckoutsRpcController],
  providers: [CheckoutsStore, CheckoutsService, RefundsService, BuyerReservations, ReconciliationService],
  exports: [CheckoutsStore, CheckoutsService, RefundsService, MongooseModule],
})
export class CheckoutsModule {}
