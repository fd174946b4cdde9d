import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { PlatformModule } from '@popote/platform';
import cookieParser from 'cookie-parser';
import { DataExportsModule } from './account/exports/data-exports.module';
import { AdsModule } from './ads/ads.module';
import { PromotionsModule } from './promotions/promotions.module';
import { AuthModule } from './auth/auth.module';
import { SessionModule } from './auth/session.module';
import { CartModule } from './cart/cart.module';
import type { BffConfig } from './config';
import { ContactModule } from './contact/contact.module';
import { FollowsModule } from './follows/follows.module';
import { graphqlServer } from './graphql-server';
import { BffHealthController } from './health.controller';
import { MealsModule } from './meals/meals.module';
import { MediaModule } from './media/media.module';
import { ModerationModule } from './moderation/moderation.module';
import { SupportModule } from './support/support.module';
import { DeadLettersModule } from './dead-letters/dead-letters.module';
import { OperatorsModule } from './operators/operators.module';
import { OrdersModule } from './orders/orders.module';
import { PayoutsModule } from './payouts/payouts.module';
import { PickupModule } from './pickup/pickup.module';
import { ReadCacheModule } from './read-cache/read-cache.module';
import { SecurityModule } from './security/security.module';
import { TradersModule } from './traders/traders.module';

/** The BFF: the platform, the sessions, the GraphQL server, then one module per feature. */
@Module({})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(cookieParser()).forRoutes('*path');
  }

  static forRoot(config: BffConfig): DynamicModule {
    // One SessionModule (global): the GraphQL context's and the resolvers' sessions are the same.
    const session = SessionModule.forRoot(config);
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'bff', config, database: false, actorSigningKey: config.ACTOR_SIGNING_KEY }),
        session,
        graphqlServer(config, session),
        SecurityModule,
        ReadCacheModule,
        // Before MediaModule (and DataExportsModule, which imports it): the trader documents' routes
        // under /media/traders first, MediaController's `media/*key` would take them otherwise.
        TradersModule,
        // Before MediaModule: the archive's route first, MediaController's `media/*key` would take it otherwise.
        DataExportsModule,
        MediaModule,
        AuthModule,
        MealsModule,
        FollowsModule,
        CartModule,
        ContactModule,
        OrdersModule,
        PayoutsModule,
        AdsModule,
        PromotionsModule,
        PickupModule,
        OperatorsModule,
        ModerationModule,
        SupportModule,
        DeadLettersModule,
      ],
      controllers: [BffHealthController],
    };
  }
}
