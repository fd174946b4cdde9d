import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { CartPersonalData } from './account/personal-data';
import { CartsModule } from './carts/carts.module';
import type { CartConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: CartConfig): DynamicModule {
    return serviceModule(AppModule, { service: 'cart', config, features: [CartsModule], personalData: CartPersonalData });
  }
}
