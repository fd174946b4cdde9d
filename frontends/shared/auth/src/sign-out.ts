import { useGraphQLClient, useMutation, usePushDevice } from '@popote/graphql';
import { useCallback } from 'react';
import { readApiError } from './errors';
import { SIGN_OUT } from '@popote/auth/session';

export interface SignOutOptions {
  /**
   * Runs once the BFF has cleared the session cookies and before the cache is
   * reset: leave signed-in pages here (navigate away), so that no guard sees
   * the signed-out state first.
   */
  onSignedOut?: () => void;
}

/**
 * Signs out, then forgets every cached answer: every cached answer belonged to the
 * person who just left, and the active queries (`me` included) are fetched again.
 * A session that had already ended (UNAUTHENTICATED) counts as signed out. First, this browser
 * stops receiving the person's pushes (`forgetThisDevice`).
 */
export function useSignOut() {
  const client = useGraphQLClient();
  const pushDevice = usePushDevice();
  const [mutate, { loading }] = useMutation(SIGN_OUT);
  const signOut = useCallback(
    async ({ onSignedOut }: SignOutOptions = {}): Promise<void> => {
      await pushDevice.forget();
      try {
        await mutate();
      } catch (error) {
        if (readApiError(error).code !== 'UNAUTHENTICATED') throw error;
      }
      onSignedOut?.();
      try {
        await client.resetStore();
      } catch {
        // A refetch that fails shows in its own query's error state (useAuth: 'error').
      }
    },
    [client, mutate, pushDevice],
  );
  return [signOut, { loading }] as const;
}
