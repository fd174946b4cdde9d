import { Module, type DynamicModule } from '@nestjs/common';
import { PersonalDataModule, PlatformModule } from '@popote/platform';
import { CartPersonalData } from './account/personal-data';
import { CartsModule } from './carts/carts.module';
import type { CartConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: CartConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'cart', config }),
        CartsModule,
        PersonalDataModule.forService('cart', CartPersonalData, { imports: [CartsModule] }),
      ],
    };
  }
}
