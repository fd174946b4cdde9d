import { join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { OrderingPersonalData } from './account/personal-data';
import { OrdersModule } from './orders/orders.module';
import { SupportModule } from './support/support.module';
import type { OrderingConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: OrderingConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'ordering',
      config,
      features: [OrdersModule, SupportModule],
      personalData: OrderingPersonalData,
      migrations: join(__dirname, 'migrations'),
    });
  }
}
