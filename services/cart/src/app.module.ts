import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@popote/platform';
import { CartsModule } from './carts/carts.module';
import type { CartConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: CartConfig): DynamicModule {
    return { module: AppModule, imports: [PlatformModule.forService({ service: 'cart', config }), CartsModule] };
  }
}
