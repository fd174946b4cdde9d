export { useAuth } from './use-auth';
export type { AuthState } from './use-auth';
export {
  useChangePassword,
  useSignIn,
  useSignOut,
  useSignUp,
  useSwitchRole,
  useUpdateCookProfile,
  useUpdateProfile,
} from './mutations';
export type { SignOutOptions } from './mutations';
export { readApiError } from './errors';
export type { ApiError } from './errors';
export {
  CHANGE_PASSWORD,
  ME_QUERY,
  SIGN_IN,
  SIGN_OUT,
  SIGN_UP,
  SWITCH_ROLE,
  UPDATE_COOK_PROFILE,
  UPDATE_PROFILE,
} from './documents';
export type { MeQueryData } from './documents';
