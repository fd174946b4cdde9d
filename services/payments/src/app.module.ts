import { join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { PaymentsPersonalData } from './account/personal-data';
import { AdvertisingModule } from './advertising/advertising.module';
import { CheckoutsModule } from './checkouts/checkouts.module';
import type { PaymentsConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: PaymentsConfig): DynamicModule {
    // One instance of the checkouts module (serviceModule imports it in both places): the personal data reads the same models and ledger.
    const checkouts = CheckoutsModule.forRoot(config);
    return serviceModule(AppModule, {
      service: 'payments',
      config,
      features: [checkouts, AdvertisingModule.forRoot(config, checkouts)],
      personalData: PaymentsPersonalData,
      migrations: join(__dirname, 'migrations'),
    });
  }
}
