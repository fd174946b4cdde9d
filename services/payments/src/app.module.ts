import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { PaymentsPersonalData } from './account/personal-data';
import { CheckoutsModule } from './checkouts/checkouts.module';
import type { PaymentsConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: PaymentsConfig): DynamicModule {
    // One instance of the checkouts module (serviceModule imports it in both places): the personal data reads the same models and ledger.
    return serviceModule(AppModule, {
      service: 'payments',
      config,
      features: [CheckoutsModule.forRoot(config)],
      personalData: PaymentsPersonalData,
    });
  }
}
