import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { EMPTY, Observable, type Subscription } from 'rxjs';
import { createCache } from './cache';
import { prefetchingFetch } from './prefetch';
import { attachLive, LiveRegistry } from './live';
import { UnavailableRetryLink } from './retry';

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

/** Reconnection delays: 1 s, 2 s, 4 s... up to 30 s, with some jitter. */
export function retryDelayMs(retries: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(retries, 5)) + Math.floor(Math.random() * 500);
}

/** ws:// or wss:// URL of the same endpoint (the shell's server proxies WebSocket upgrades). */
export function webSocketUrl(uri: string, base: string): string {
  const url = new URL(uri, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * Subscriptions go over one WebSocket (graphql-ws protocol) to the same `/graphql`; the
 * upgrade request carries the session cookies, which the BFF checks once per connection.
 * The socket is lazy: it opens with the first subscription (pages subscribe only for a
 * signed-in person) and closes with the last one (sign-out unmounts them). It reconnects
 * after a drop; before each retry a plain HTTP request lets the BFF refresh an expired
 * access cookie, which the next upgrade then carries.
 * graphql-ws itself is downloaded with the first subscription, not with the page.
 */
function createWsLink(uri: string, live: LiveRegistry, onSignedOut: () => void): ApolloLink | null {
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') return null;
  let pending: Promise<ApolloLink> | null = null;
  const load = () =>
    (pending ??= import('graphql-ws/client').then(
      ({ createClient }) => new GraphQLWsLink(createWsClient(createClient, uri, live, onSignedOut)),
      (error: unknown) => {
        // A failed download is tried again by the next subscription.
        pending = null;
        throw error;
      },
    ));
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        let subscription: Subscription | undefined;
        let closed = false;
        load().then(
          (link) => {
            if (!closed) subscription = link.request(operation, () => EMPTY).subscribe(observer);
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      }),
  );
}

function createWsClient(
  createClient: typeof import('graphql-ws/client').createClient,
  uri: string,
  live: LiveRegistry,
  onSignedOut: () => void,
) {
  const httpUrl = new URL(uri, window.location.href).href;
  return createClient({
    url: webSocketUrl(uri, window.location.href),
    lazy: true,
    keepAlive: 15_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries)));
      try {
        const response = await fetch(httpUrl, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'query SessionPing { me { user { user_id } } }' }),
        });
        const body = (await response.json()) as { data?: { me?: unknown } };
        // Nobody is signed in any more: the pages leave their signed-in state, which ends
        // their subscriptions, and the socket closes instead of retrying.
        if (body.data && body.data.me === null) onSignedOut();
      } catch {
        // Network down: the next retry asks again.
      }
    },
    on: {
      connected: (_socket, _payload, wasRetry) => {
        if (wasRetry) live.reconnected();
      },
    },
  });
}

/**
 * The browser's Apollo client. The shell creates the only one in production;
 * a remote running standalone creates its own with the same settings.
 * Queries and mutations are JSON POSTs (never "simple" requests: the BFF's CSRF
 * protection relies on it) carrying the httpOnly session cookies; subscriptions
 * go over the WebSocket link. A query that finds the BFF or a service unavailable
 * is retried (UnavailableRetryLink) before the page hears of it.
 */
export function createApolloClient({ uri = '/graphql' }: PopoteClientOptions = {}): ApolloClient {
  const live = new LiveRegistry();
  const httpLink = new HttpLink({ uri, credentials: 'include', fetch: prefetchingFetch });
  let client: ApolloClient | undefined;
  const wsLink = createWsLink(uri, live, () => client?.cache.modify({ id: 'ROOT_QUERY', fields: { me: () => null } }));
  const transport = wsLink ? ApolloLink.split(({ query }) => isSubscriptionOperation(query), wsLink, httpLink) : httpLink;
  client = new ApolloClient({
    link: ApolloLink.from([sessionEndedLink, new UnavailableRetryLink(), transport]),
    cache: createCache(),
  });
  attachLive(client, live);
  return client;
}
