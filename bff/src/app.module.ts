import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { MediaStorage, PlatformModule } from '@popote/platform';
import { join } from 'node:path';
import type { BffConfig } from './config';
import { ExportErasureConsumer } from './account/exports/account-erasure.consumer';
import { DataExportController } from './account/exports/data-export.controller';
import { DataExportStore } from './account/exports/data-export.store';
import { DataExportWorker } from './account/exports/data-export.worker';
import { DataExportsResolver } from './account/exports/data-exports.resolver';
import { DataExportsService } from './account/exports/data-exports.service';
import { AccountResolver, VerifiedEmailGuard } from './auth/account.resolver';
import { AuthResolver } from './auth/auth.resolver';
import type { GqlContext } from './auth/gql-context';
import { SessionModule } from './auth/session.module';
import { SessionRevocations } from './auth/session-revocations.service';
import { SessionService } from './auth/session.service';

type WebSocketLike = { close(code: number, reason: string): void; once(event: 'close', fn: () => void): void };
import { formatError } from './errors/format-error';
import { subscriptionsOverWebSocketOnly } from './security/subscriptions-over-websocket';
import { BffHealthController } from './health.controller';
import { CartResolver } from './cart/cart.resolver';
import { ContactResolver } from './contact/contact.resolver';
import { OrderLifecycleResolver } from './orders/cook-orders.resolver';
import { OrderUpdatesService } from './orders/order-updates.service';
import { OrdersResolver } from './orders/orders.resolver';
import { PayoutsResolver } from './payouts/payouts.resolver';
import { AdsResolver } from './ads/ads.resolver';
import { SponsoredMeals } from './ads/sponsored-meals.service';
import { ReceiptsResolver } from './payouts/receipts.resolver';
import { OrderPickupResolver, PickupResolver } from './pickup/pickup.resolver';
import { parseCookie } from 'cookie';
import { CookResolver, MealsResolver } from './meals/meals.resolver';
import { AlertsResolver } from './follows/alerts.resolver';
import { FollowsResolver, MealFavouriteResolver } from './follows/follows.resolver';
import { UnsubscribeController } from './follows/unsubscribe.controller';
import { UploadController } from './media/upload.controller';
import { MediaController } from './media/media.controller';
import { MEDIA_STORAGE } from './media/media.tokens';
import { UploadGuard } from './media/upload.guard';
import { graphqlArmor, parseOptions } from './security/graphql-limits';
import { PublicReadCache } from './read-cache/public-read-cache.service';
import { PublicResponseCachePlugin } from './read-cache/public-response-cache.plugin';
import { RateLimitGuard } from './security/rate-limit.guard';
import { RateLimitService } from './security/rate-limit.service';

@Module({})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(cookieParser()).forRoutes('*path');
  }

  static forRoot(config: BffConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ service: 'bff', config, database: false, actorSigningKey: config.ACTOR_SIGNING_KEY }),
        SessionModule.forRoot(config),
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [SessionModule.forRoot(config)],
          inject: [SessionService, SessionRevocations],
          useFactory: (session: SessionService, revocations: SessionRevocations) => {
            const armor = graphqlArmor();
            return {
              // Code first; the printed schema is committed so frontends and reviewers can read it.
              autoSchemaFile: config.NODE_ENV === 'production' ? true : join(__dirname, '..', 'schema.graphql'),
              sortSchema: true,
              graphiql: config.GRAPHIQL === 'true',
              formatError,
              // Depth, aliases, directives, tokens and cost, checked before anything runs. Apollo's
              // cache-control plugin is off: no field has a cache hint (public reads are cached in
              // the BFF, ADR 0006), yet it made Apollo wrap every field's resolver; the `no-store`
              // it sent is set in ./http.ts.
              plugins: [
                ...(armor.plugins as never[]),
                ApolloServerPluginCacheControlDisabled() as never,
                subscriptionsOverWebSocketOnly() as never,
              ],
              validationRules: armor.validationRules,
              parseOptions,
              // Apollo's CSRF prevention: no "simple" cross-site request can run an operation.
              csrfPrevention: true,
              context: async (ctx: {
                req?: Request;
                res?: Response;
                extra?: { request: Request & { actor?: GqlContext['actor'] } };
              }): Promise<GqlContext> => {
                // WebSocket (subscriptions): the upgrade request's cookies, checked once at connection.
                if (ctx.extra)
                  return { req: ctx.extra.request, res: undefined as unknown as Response, actor: ctx.extra.request.actor ?? null };
                return { req: ctx.req!, res: ctx.res!, actor: await session.resolve(ctx.req!, ctx.res!) };
              },
              subscriptions: {
                'graphql-ws': {
                  path: '/graphql',
                  onConnect: async (wsCtx: { extra: unknown }) => {
                    const extra = wsCtx.extra as { request: Request & { actor?: GqlContext['actor'] }; socket: WebSocketLike };
                    const request = extra.request;
                    (request as { cookies?: Record<string, string | undefined> }).cookies = parseCookie(request.headers.cookie ?? '');
                    request.actor = await session.resolve(request, undefined);
                    // Only signed-in users may subscribe; the connection closes with their session.
                    if (!request.actor) return false;
                    const untrack = revocations.track({
                      user_id: request.actor.user_id,
                      session_id: request.actor.session_id,
                      close: (code, reason) => extra.socket.close(code, reason),
                    });
                    extra.socket.once('close', untrack);
                    return true;
                  },
                },
              },
            };
          },
        }),
      ],
      // The archive's route first: MediaController's `media/*key` would take it otherwise.
      controllers: [DataExportController, UploadController, MediaController, UnsubscribeController, BffHealthController],
      providers: [
        AuthResolver,
        AccountResolver,
        VerifiedEmailGuard,
        DataExportStore,
        DataExportsService,
        DataExportsResolver,
        DataExportWorker,
        ExportErasureConsumer,
        MealsResolver,
        CookResolver,
        FollowsResolver,
        MealFavouriteResolver,
        AlertsResolver,
        CartResolver,
        ContactResolver,
        OrdersResolver,
        OrderLifecycleResolver,
        PayoutsResolver,
        AdsResolver,
        SponsoredMeals,
        ReceiptsResolver,
        PickupResolver,
        OrderPickupResolver,
        OrderUpdatesService,
        PublicReadCache,
        PublicResponseCachePlugin,
        RateLimitService,
        UploadGuard,
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: MEDIA_STORAGE, useValue: new MediaStorage(config) },
      ],
    };
  }
}
