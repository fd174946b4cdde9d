import { Module, type DynamicModule } from '@nestjs/common';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { SalesWorkerHandler } from '../events/sales-worker.handler';
import { AdMeasurementService } from './ad-measurement.service';
import { AdSettlementService } from './ad-settlement.service';
import { AdsRpcController } from './ads.rpc.controller';
import { CampaignsService } from './campaigns.service';

/** Advertisements (ADR 0020): campaigns paid from the cook's ledger, their displays, clicks and orders. */
@Module({})
export class AdvertisingModule {
  /** `checkouts`: the service's one CheckoutsModule (its store, ledger and provider). */
  static forRoot(config: PaymentsConfig, checkouts: DynamicModule): DynamicModule {
    return {
      module: AdvertisingModule,
      imports: [checkouts],
      controllers: [AdsRpcController],
      providers: [
        CampaignsService,
        AdMeasurementService,
        AdSettlementService,
        // Here, not in CheckoutsModule: the sale's delivery also counts the order for the campaigns.
        SalesWorkerHandler,
        { provide: PAYMENTS_CONFIG, useValue: config },
      ],
      exports: [CampaignsService, AdMeasurementService, AdSettlementService],
    };
  }
}
