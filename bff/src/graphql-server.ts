import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import type { DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import { join } from 'node:path';
import type { BffConfig } from './config';
import type { GqlContext } from './auth/gql-context';
import { SessionRevocations } from './auth/session-revocations.service';
import { SessionService } from './auth/session.service';
import { formatError } from './errors/format-error';
import { graphqlArmor, parseOptions } from './security/graphql-limits';
import { subscriptionsOverWebSocketOnly } from './security/subscriptions-over-websocket';

type WebSocketLike = { close(code: number, reason: string): void; once(event: 'close', fn: () => void): void };

/**
 * The GraphQL server: Apollo, its limits, and the session of each request (HTTP) or connection
 * (WebSocket). `session` is the very SessionModule AppModule imports, so the context and the
 * resolvers share one SessionService and one SessionRevocations.
 */
export function graphqlServer(config: BffConfig, session: DynamicModule): DynamicModule {
  return GraphQLModule.forRootAsync<ApolloDriverConfig>({
    driver: ApolloDriver,
    imports: [session],
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
          if (ctx.extra) return { req: ctx.extra.request, res: undefined as unknown as Response, actor: ctx.extra.request.actor ?? null };
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
  });
}
