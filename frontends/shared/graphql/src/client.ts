import {
  Client,
  CombinedError,
  fetchExchange,
  mapExchange,
  subscriptionExchange,
  type Exchange,
  type SubscriptionForwarder,
} from '@urql/core';
import type { Client as WsClient } from 'graphql-ws';
import { createCacheExchange } from './cache';
import { attachLive, LiveRegistry } from './live';
import { localExchange, updateCache } from './local';
import { prefetchingFetch } from './prefetch';
import { unavailableRetryFetch } from './retry';

export interface PopoteClientOptions {
  /** GraphQL endpoint; same origin by default so the session cookies travel with it. */
  uri?: string;
}

/** The answer says the session is over (UNAUTHENTICATED). */
export function isSessionEnded(error: CombinedError | undefined): boolean {
  return !!error && error.graphQLErrors.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED');
}

/** Forgets who is signed in: every screen switches to its signed-out state at once. */
export function forgetMe(client: Client): Promise<void> {
  return updateCache(client, (cache) => cache.link('Query', 'me', null));
}

/** The operators' console's pages (ADR 0041): every request they send is the operator's, on the console's own cookie. */
export const isConsolePath = (pathname: string): boolean => /^\/console(\/|$)/.test(pathname);

/**
 * Which session an UNAUTHENTICATED answer ended: on a console page the operator's (its guard sends
 * it back to the console's sign-in page), elsewhere the person's. Never the person's for the
 * operator's: an operator's expired session must not sign the browser's buyer out of the page.
 */
export function endedSessionField(pathname: string): 'operator' | 'me' {
  return isConsolePath(pathname) ? 'operator' : 'me';
}

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
function createWsExchange(uri: string, live: LiveRegistry, onSignedOut: () => void): Exchange | null {
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') return null;
  let pending: Promise<WsClient> | null = null;
  const load = () =>
    (pending ??= import('graphql-ws/client').then(
      ({ createClient }) => createWsClient(createClient, uri, live, onSignedOut),
      (error: unknown) => {
        // A failed download is tried again by the next subscription.
        pending = null;
        throw error;
      },
    ));
  const forwardSubscription: SubscriptionForwarder = (request) => ({
    subscribe(sink) {
      let dispose: (() => void) | undefined;
      let closed = false;
      load().then(
        (ws) => {
          if (!closed) dispose = ws.subscribe({ ...request, query: request.query ?? '' }, sink);
        },
        (error: unknown) => sink.error(error),
      );
      return {
        unsubscribe() {
          closed = true;
          dispose?.();
        },
      };
    },
  });
  return subscriptionExchange({ forwardSubscription });
}

function createWsClient(
  createClient: typeof import('graphql-ws/client').createClient,
  uri: string,
  live: LiveRegistry,
  onSignedOut: () => void,
): WsClient {
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
      connected: (_socket, _payload, wasRetry) => live.connected(wasRetry),
    },
  });
}

/**
 * The browser's GraphQL client (urql + Graphcache). The shell creates the only one in
 * production; a remote running standalone creates its own with the same settings.
 * Queries and mutations are JSON POSTs (`preferGetMethod: false`: never "simple" requests, the
 * BFF's CSRF protection relies on it) carrying the httpOnly session cookies; subscriptions go
 * over the WebSocket. A query that finds the BFF or a service unavailable is retried
 * (`unavailableRetryFetch`) before the page hears of it. The BFF refreshes sessions by itself;
 * UNAUTHENTICATED therefore means the session is over (expired, revoked, signed out
 * elsewhere): `me` is forgotten, so every screen switches to its signed-out state (on the
 * operators' console, `operator` instead: endedSessionField).
 */
export function createGraphQLClient({ uri = '/graphql' }: PopoteClientOptions = {}): Client {
  const live = new LiveRegistry();
  let client: Client | undefined;
  const signedOut = () => {
    if (client) void forgetMe(client).catch(() => undefined);
  };
  const sessionEnded = mapExchange({
    onResult(result) {
      if (!client || !isSessionEnded(result.error)) return;
      const field = typeof window === 'undefined' ? 'me' : endedSessionField(window.location.pathname);
      void updateCache(client, (cache) => cache.link('Query', field, null)).catch(() => undefined);
    },
  });
  const ws = createWsExchange(uri, live, signedOut);
  client = new Client({
    url: uri,
    preferGetMethod: false,
    fetchOptions: { credentials: 'include' },
    fetch: unavailableRetryFetch(prefetchingFetch),
    requestPolicy: 'cache-first',
    exchanges: [sessionEnded, createCacheExchange(), localExchange, ...(ws ? [ws] : []), fetchExchange],
  });
  attachLive(client, live);
  return client;
}
