// Who is signed in: the package's shared entry, by its name so that the bundler sees the
// Module Federation singleton (see session.ts).
export { ME_QUERY, SIGN_OUT, useAuth } from '@popote/auth/session';
export type { AuthState, MeQueryData } from '@popote/auth/session';
export { useChangePassword, useSignIn, useSignUp, useSwitchRole, useUpdateCookProfile, useUpdateProfile } from './mutations';
export { useSignOut } from './sign-out';
export type { SignOutOptions } from './sign-out';
export { apiMessage, readApiError, showFieldErrors } from './errors';
export type { ApiError } from './errors';
