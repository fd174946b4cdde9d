import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@popote/platform';
import type { IdentityConfig } from './config';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ service: 'identity', config }), UsersModule],
    };
  }
}
