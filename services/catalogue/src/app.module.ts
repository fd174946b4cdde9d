import { join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { CataloguePersonalData } from './account/personal-data';
import type { CatalogueConfig } from './config';
import { MealsModule } from './meals/meals.module';
import { StockModule } from './stock/stock.module';
import { SupportModule } from './support/support.module';

@Module({})
export class AppModule {
  static forRoot(config: CatalogueConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'catalogue',
      config,
      features: [MealsModule, StockModule, SupportModule],
      personalData: CataloguePersonalData,
      migrations: join(__dirname, 'migrations'),
    });
  }
}
