import type { DynamicModule, ModuleMetadata, Type } from '@nestjs/common';
import type { PersonalDataService } from '@popote/contracts';
import { PersonalDataModule, type PersonalDataProvider } from './personal-data/personal-data.module';
import { PlatformModule, type PlatformOptions } from './platform.module';

export interface ServiceModuleOptions {
  service: PersonalDataService;
  config: PlatformOptions['config'];
  /** The service's feature modules; they also give the personal-data provider what it injects. */
  features: NonNullable<ModuleMetadata['imports']>;
  /** The service's PersonalDataProvider (src/account/personal-data.ts). */
  personalData: Type<PersonalDataProvider>;
  /** The folder of its migrations (`src/migrations`, as `join(__dirname, 'migrations')` from the root module). */
  migrations?: string;
}

/**
 * A service's root module as every service composes it: the platform, its feature modules, and its
 * part of the account lifecycle (PersonalDataModule) built from what those features export.
 * `root`: the service's AppModule class.
 */
export function serviceModule(root: Type<unknown>, options: ServiceModuleOptions): DynamicModule {
  const { service, config, features, personalData, migrations } = options;
  return {
    module: root,
    imports: [
      PlatformModule.forService({ service, config, migrations }),
      ...features,
      PersonalDataModule.forService(service, personalData, { imports: features }),
    ],
  };
}
