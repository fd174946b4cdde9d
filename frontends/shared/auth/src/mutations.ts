import {
  type ChangePasswordInput,
  type CookProfileInput,
  type Me,
  type ProfileInput,
  type SignUpInput,
  useMutation,
  type UserType,
} from '@popote/graphql';
import { useCallback } from 'react';
import { CHANGE_PASSWORD, SIGN_IN, SIGN_UP, SWITCH_ROLE, UPDATE_COOK_PROFILE, UPDATE_PROFILE } from './documents';
import { required, writeMe } from './write-me';

/*
 * Sign-in, sign-up and profile changes (their documents load with the pages that use them;
 * signing out, which every page's menu offers, is in ./sign-out).
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
