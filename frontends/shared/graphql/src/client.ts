import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { createCache } from './cache';

export interface PopoteClientOptions {
  /** GraphQL endpoint; same origin by default so the session cookies travel with it. */
  uri?: string;
}

/**
 * The BFF refreshes sessions by itself; UNAUTHENTICATED therefore means the
 * session is over (expired, revoked, signed out elsewhere). Forgetting `me`
 * makes every screen switch to its signed-out state at once.
 */
const sessionEndedLink = new ErrorLink(({ error, operation }) => {
  if (!CombinedGraphQLErrors.is(error)) return;
  if (!error.errors.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED')) return;
  operation.client.cache.modify({
    id: 'ROOT_QUERY',
    fields: { me: () => null },
  });
});

/**
 * The browser's Apollo client. The shell creates the only one in production;
 * a remote running standalone creates its own with the same settings.
 * Requests are JSON POSTs (never "simple" requests: the BFF's CSRF protection
 * relies on it) carrying the httpOnly session cookies.
 */
export function createApolloClient({ uri = '/graphql' }: PopoteClientOptions = {}): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([sessionEndedLink, new HttpLink({ uri, credentials: 'include' })]),
    cache: createCache(),
  });
}
