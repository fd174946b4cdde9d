import { ApolloClient, HttpLink } from '@apollo/client';
import { createCache } from './cache';

export interface PopoteClientOptions {
  /** GraphQL endpoint; same origin by default so the session cookie travels with it. */
  uri?: string;
}

/**
 * The browser's Apollo client. The shell creates the only one in production;
 * a remote running standalone creates its own with the same settings.
 */
export function createApolloClient({ uri = '/graphql' }: PopoteClientOptions = {}): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri, credentials: 'include' }),
    cache: createCache(),
  });
}
