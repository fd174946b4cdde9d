import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { IdentityPersonalData } from './account/personal-data';
import { ModerationModule } from './moderation/moderation.module';
import { OperatorsModule } from './operators/operators.module';
import { SupportModule } from './support/support.module';
import { TradersModule } from './traders/traders.module';
import { UsersModule } from './users/users.module';
import type { IdentityConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return serviceModule(AppModule, {
      service: 'identity',
      config,
      features: [UsersModule, OperatorsModule, ModerationModule, TradersModule, SupportModule],
      personalData: IdentityPersonalData,
    });
  }
}
