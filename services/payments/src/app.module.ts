import { Module, type DynamicModule } from '@nestjs/common';
import { PersonalDataModule, PlatformModule } from '@popote/platform';
import { PaymentsPersonalData } from './account/personal-data';
import { CheckoutsModule } from './checkouts/checkouts.module';
import type { PaymentsConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: PaymentsConfig): DynamicModule {
    // One instance of the module: the personal data reads the same models and ledger.
    const checkouts = CheckoutsModule.forRoot(config);
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'payments', config }),
        checkouts,
        PersonalDataModule.forService('payments', PaymentsPersonalData, { imports: [checkouts] }),
      ],
    };
  }
}
