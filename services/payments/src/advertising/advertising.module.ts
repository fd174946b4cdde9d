import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PayoutsModule } from '../payouts/payouts.module';
import { AdMeasurementService } from './ad-measurement.service';
import { AdSettlementService } from './ad-settlement.service';
import { AdsRpcController } from './ads.rpc.controller';
import { AdvertisingStore } from './advertising.schema';
import { CampaignsService } from './campaigns.service';

/** Advertisements (ADR 0020): campaigns paid from the cook's ledger (PayoutsModule), their displays, clicks and orders. */
@Module({
  imports: [MongooseModule.forFeature(AdvertisingStore.definitions), PayoutsModule],
  controllers: [AdsRpcController],
  providers: [AdvertisingStore, CampaignsService, AdMeasurementService, AdSettlementService],
  exports: [AdvertisingStore, AdMeasurementService, MongooseModule],
})
export class AdvertisingModule {}
