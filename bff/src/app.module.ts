import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module, type DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { MediaStorage, PlatformModule } from '@popote/platform';
import { join } from 'node:path';
import type { BffConfig } from './config';
import { formatError } from './errors/format-error';
import { BffHealthController } from './health.controller';
import { MealsResolver } from './meals/meals.resolver';
import { MediaController } from './media/media.controller';
import { MEDIA_STORAGE } from './media/media.tokens';

@Module({})
export class AppModule {
  static forRoot(config: BffConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'bff', config, database: false }),
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          // Code first; the printed schema is committed so frontends and reviewers can read it.
          autoSchemaFile: config.NODE_ENV === 'production' ? true : join(__dirname, '..', 'schema.graphql'),
          sortSchema: true,
          graphiql: config.GRAPHIQL === 'true',
          formatError,
          context: ({ req, res }: { req: unknown; res: unknown }) => ({ req, res }),
        }),
      ],
      controllers: [MediaController, BffHealthController],
      providers: [MealsResolver, { provide: MEDIA_STORAGE, useValue: new MediaStorage(config) }],
    };
  }
}
