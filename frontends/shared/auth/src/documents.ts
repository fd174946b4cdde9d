import {
  ChangePasswordDocument,
  SignInDocument,
  SignUpDocument,
  SwitchRoleDocument,
  UpdateCookProfileDocument,
  UpdateProfileDocument,
} from './account.generated';

/*
 * Typed documents generated from account.graphql: signing in or up and the profile's changes, in
 * their own module so that they load with the pages that send them (who is signed in, and signing
 * out, are in ./session).
 */

export const SIGN_IN = SignInDocument;

export const SIGN_UP = SignUpDocument;

export const UPDATE_PROFILE = UpdateProfileDocument;

export const CHANGE_PASSWORD = ChangePasswordDocument;

export const UPDATE_COOK_PROFILE = UpdateCookProfileDocument;

export const SWITCH_ROLE = SwitchRoleDocument;
