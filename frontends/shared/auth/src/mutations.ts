import {
  type ChangePasswordInput,
  type CookProfileInput,
  type Me,
  type ProfileInput,
  type SignUpInput,
  type TypedDocumentNode,
  useMutation,
  type UserType,
} from '@popote/graphql';
import { useCallback } from 'react';
import {
  ChangePasswordDocument,
  SignInDocument,
  SignUpDocument,
  SwitchRoleDocument,
  UpdateCookProfileDocument,
  UpdateProfileDocument,
} from './account.generated';
import { required, writeMe } from './write-me';

/*
 * Sign-in, sign-up and profile changes (their documents load with the pages that use them;
 * signing out, which every page's menu offers, is in ./sign-out).
 * Each hook returns an async function that resolves with the result or rejects
 * with the CombinedError (read it with readApiError), plus the pending flag.
 */

/**
 * The hook of a mutation answering the person's new `Me` in its `field`: `run(...args)` sends it
 * with `variablesOf(...args)`, makes the answer the new `Query.me` and resolves with it.
 */
function meMutation<K extends string, D extends Record<K, Me>, V extends Record<string, unknown>, A extends unknown[]>(
  document: TypedDocumentNode<D, V>,
  field: K,
  variablesOf: (...args: A) => V,
) {
  return function useMeMutation() {
    const [mutate, { loading }] = useMutation(document, { update: (cache, { data }) => writeMe(cache, data[field]) });
    const run = useCallback(
      async (...args: A): Promise<Me> => required((await mutate({ variables: variablesOf(...args) })).data[field]),
      [mutate],
    );
    return [run, { loading }] as const;
  };
}

export const useSignIn = meMutation(SignInDocument, 'signIn', (email: string, password: string) => ({ email, password }));
export const useSignUp = meMutation(SignUpDocument, 'signUp', (input: SignUpInput) => ({ input }));
export const useUpdateProfile = meMutation(UpdateProfileDocument, 'updateProfile', (input: ProfileInput) => ({ input }));
export const useUpdateCookProfile = meMutation(UpdateCookProfileDocument, 'updateCookProfile', (input: CookProfileInput) => ({ input }));
/** consumer → cook or cook → consumer; the new Me (user_type, cook profile) replaces the old one. */
export const useSwitchRole = meMutation(SwitchRoleDocument, 'switchRole', (to: UserType) => ({ to }));

export function useChangePassword() {
  const [mutate, { loading }] = useMutation(ChangePasswordDocument);
  const changePassword = useCallback(
    async (input: ChangePasswordInput): Promise<boolean> => required((await mutate({ variables: { input } })).data?.changePassword),
    [mutate],
  );
  return [changePassword, { loading }] as const;
}
