import { Module, type DynamicModule } from '@nestjs/common';
import { PersonalDataModule, PlatformModule } from '@popote/platform';
import { OrderingPersonalData } from './account/personal-data';
import type { OrderingConfig } from './config';
import { OrdersModule } from './orders/orders.module';

@Module({})
export class AppModule {
  static forRoot(config: OrderingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'ordering', config }),
        OrdersModule,
        PersonalDataModule.forService('ordering', OrderingPersonalData, { imports: [OrdersModule] }),
      ],
    };
  }
}
