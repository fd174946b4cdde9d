import { type CookProfile, type Me, useQuery, type User } from '@popote/graphql';
import { useCallback } from 'react';
import { MeDocument as ME_QUERY } from './session.generated';

export type AuthState =
  /** First `me` request under way. */
  | { status: 'loading' }
  /** `me` could not be read (BFF unreachable...): nobody is known to be signed in. */
  | { status: 'error'; retry: () => void }
  | { status: 'signed-out' }
  | { status: 'signed-in'; me: Me; user: User; cookProfile: CookProfile | null; isCook: boolean };

/**
 * Who is signed in, read from `Query.me` in the page's Graphcache cache: the shell
 * and every remote share that client (an MF singleton), so this is the one
 * source of truth. The first caller sends the request, the others read the
 * cache; sign-in, sign-up, profile and role mutations write their result there,
 * sign-out resets the store, and an UNAUTHENTICATED answer forgets `me`.
 */
export function useAuth(): AuthState {
  const { data, error, refetch } = useQuery(ME_QUERY, { requestPolicy: 'cache-first' });

  const retry = useCallback(() => {
    refetch().catch(() => {
      // The query's error state already says it.
    });
  }, [refetch]);

  if (data) {
    const { me } = data;
    if (!me) return { status: 'signed-out' };
    return { status: 'signed-in', me, user: me.user, cookProfile: me.cook_profile, isCook: me.user.user_type === 'cook' };
  }
  if (error) return { status: 'error', retry };
  return { status: 'loading' };
}
