import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

/**
 * A subscription sent as an HTTP request (POST or GET) is refused before it runs: subscriptions
 * live on the WebSocket (graphql-ws) only. Executed over HTTP, the resolver's event stream would
 * reach the response serializer and answer INTERNAL; refused here it is the caller's mistake
 * (`BAD_REQUEST` → `VALIDATION_FAILED` « Requête invalide », errors/format-error.ts).
 */
export function subscriptionsOverWebSocketOnly(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation === 'subscription')
            throw new GraphQLError('Subscriptions are served over the WebSocket only', {
              extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
            });
        },
      };
    },
  };
}
