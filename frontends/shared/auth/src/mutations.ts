import {
  type Cache,
  type ChangePasswordInput,
  type CookProfileInput,
  type Me,
  type ProfileInput,
  type SignUpInput,
  useGraphQLClient,
  useMutation,
  type UserType,
} from '@popote/graphql';
import { useCallback } from 'react';
import { CHANGE_PASSWORD, ME_QUERY, SIGN_IN, SIGN_OUT, SIGN_UP, SWITCH_ROLE, UPDATE_COOK_PROFILE, UPDATE_PROFILE } from './documents';
import { readApiError } from './errors';

/**
 * Every mutation that returns Me makes it the new `Query.me`. The answer is written with its
 * `__typename` (Graphcache drops an object without one, and an answer only carries the
 * typenames its document asks for).
 */
function writeMe(cache: Cache, me: Me | undefined): void {
  if (me) cache.updateQuery({ query: ME_QUERY }, () => ({ me: { ...me, __typename: 'Me' } }));
}

function required<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('The BFF answered without data');
  return value;
}

/*
 * Each hook returns an async function that resolves with the result or rejects
 * with the CombinedError (read it with readApiError), plus the pending flag.
 */

export function useSignIn() {
  const [mutate, { loading }] = useMutation(SIGN_IN, { update: (cache, { data }) => writeMe(cache, data?.signIn) });
  const signIn = useCallback(
    async (email: string, password: string): Promise<Me> => required((await mutate({ variables: { email, password } })).data?.signIn),
    [mutate],
  );
  return [signIn, { loading }] as const;
}

export function useSignUp() {
  const [mutate, { loading }] = useMutation(SIGN_UP, { update: (cache, { data }) => writeMe(cache, data?.signUp) });
  const signUp = useCallback(
    async (input: SignUpInput): Promise<Me> => required((await mutate({ variables: { input } })).data?.signUp),
    [mutate],
  );
  return [signUp, { loading }] as const;
}

export function useUpdateProfile() {
  const [mutate, { loading }] = useMutation(UPDATE_PROFILE, {
    update: (cache, { data }) => writeMe(cache, data?.updateProfile),
  });
  const updateProfile = useCallback(
    async (input: ProfileInput): Promise<Me> => required((await mutate({ variables: { input } })).data?.updateProfile),
    [mutate],
  );
  return [updateProfile, { loading }] as const;
}

export function useChangePassword() {
  const [mutate, { loading }] = useMutation(CHANGE_PASSWORD);
  const changePassword = useCallback(
    async (input: ChangePasswordInput): Promise<boolean> => required((await mutate({ variables: { input } })).data?.changePassword),
    [mutate],
  );
  return [changePassword, { loading }] as const;
}

export function useUpdateCookProfile() {
  const [mutate, { loading }] = useMutation(UPDATE_COOK_PROFILE, {
    update: (cache, { data }) => writeMe(cache, data?.updateCookProfile),
  });
  const updateCookProfile = useCallback(
    async (input: CookProfileInput): Promise<Me> => required((await mutate({ variables: { input } })).data?.updateCookProfile),
    [mutate],
  );
  return [updateCookProfile, { loading }] as const;
}

/** consumer → cook or cook → consumer; the new Me (user_type, cook profile) replaces the old one. */
export function useSwitchRole() {
  const [mutate, { loading }] = useMutation(SWITCH_ROLE, { update: (cache, { data }) => writeMe(cache, data?.switchRole) });
  const switchRole = useCallback(
    async (to: UserType): Promise<Me> => required((await mutate({ variables: { to } })).data?.switchRole),
    [mutate],
  );
  return [switchRole, { loading }] as const;
}

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
 * A session that had already ended (UNAUTHENTICATED) counts as signed out.
 */
export function useSignOut() {
  const client = useGraphQLClient();
  const [mutate, { loading }] = useMutation(SIGN_OUT);
  const signOut = useCallback(
    async ({ onSignedOut }: SignOutOptions = {}): Promise<void> => {
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
    [client, mutate],
  );
  return [signOut, { loading }] as const;
}
