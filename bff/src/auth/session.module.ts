import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';
import { SessionRevocations } from './session-revocations.service';
import { SessionService } from './session.service';

/** The BFF's configuration and session handling, available to the GraphQL context factory. */
@Global()
@Module({})
export class SessionModule {
  static forRoot(config: BffConfig): DynamicModule {
    return {
      module: SessionModule,
      providers: [{ provide: BFF_CONFIG, useValue: config }, SessionService, SessionRevocations],
      exports: [BFF_CONFIG, SessionService, SessionRevocations],
    };
  }
}
