import { Module, type DynamicModule } from '@nestjs/common';
import { PersonalDataModule, PlatformModule } from '@popote/platform';
import { IdentityPersonalData } from './account/personal-data';
import type { IdentityConfig } from './config';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'identity', config }),
        UsersModule,
        PersonalDataModule.forService('identity', IdentityPersonalData, { imports: [UsersModule] }),
      ],
    };
  }
}
