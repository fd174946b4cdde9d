import { Module, type DynamicModule } from '@nestjs/common';
import { PersonalDataModule, PlatformModule } from '@popote/platform';
import { CataloguePersonalData } from './account/personal-data';
import type { CatalogueConfig } from './config';
import { MealsModule } from './meals/meals.module';
import { StockModule } from './stock/stock.module';

@Module({})
export class AppModule {
  static forRoot(config: CatalogueConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'catalogue', config }),
        MealsModule,
        StockModule,
        PersonalDataModule.forService('catalogue', CataloguePersonalData, { imports: [MealsModule, StockModule] }),
      ],
    };
  }
}
