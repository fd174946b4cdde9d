import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PlatformOffer } from './platform-offer.service';
import { PromotionHolds } from './promotion-holds.service';
import { PromotionsPersonalData } from './promotions.personal-data';
import { PromotionsRpcController } from './promotions.rpc.controller';
import { PromotionsStore } from './promotions.schema';
import { PromotionsService } from './promotions.service';

/**
 * Promotions (ADR 0045): the cooks' codes and automatic offers, and the uses checkouts hold and make
 * (PromotionHolds, used by CheckoutsModule: a discount is decided where the money is).
 */
@Module({
  imports: [MongooseModule.forFeature(PromotionsStore.definitions)],
  controllers: [PromotionsRpcController],
  providers: [PromotionsStore, PromotionsService, PromotionHolds, PlatformOffer, PromotionsPersonalData],
  exports: [PromotionsStore, PromotionHolds, PromotionsPersonalData, MongooseModule],
})
export class PromotionsModule {}
