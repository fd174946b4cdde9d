import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { IdentityPersonalData } from './account/personal-data';
import { OperatorsModule } from './operators/operators.module';
import { UsersModule } from './users/users.module';
import type { IdentityConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'identity',
      config,
      features: [UsersModule, OperatorsModule],
      personalData: IdentityPersonalData,
    });
  }
}
