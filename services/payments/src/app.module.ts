import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@popote/platform';
import { CheckoutsModule } from './checkouts/checkouts.module';
import type { PaymentsConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: PaymentsConfig): DynamicModule {
    return { module: AppModule, imports: [PlatformModule.forService({ service: 'payments', config }), CheckoutsModule.forRoot(config)] };
  }
}
