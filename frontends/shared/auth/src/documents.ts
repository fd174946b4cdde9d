import {
  ChangePasswordDocument,
  MeDocument,
  SignInDocument,
  SignOutDocument,
  SignUpDocument,
  SwitchRoleDocument,
  UpdateCookProfileDocument,
  UpdateProfileDocument,
} from './generated/graphql';
import type { MeQuery } from './generated/graphql';

/*
 * Typed documents generated from documents.graphql. Everything the frontends know about the
 * signed-in person is its fragment MeFields: every operation returning Me selects it, so its
 * result can replace `Query.me`.
 */

export type MeQueryData = MeQuery;

/** Who is signed in: null when signed out (not an error). */
export const ME_QUERY = MeDocument;

export const SIGN_IN = SignInDocument;

export const SIGN_UP = SignUpDocument;

export const SIGN_OUT = SignOutDocument;

export const UPDATE_PROFILE = UpdateProfileDocument;

export const CHANGE_PASSWORD = ChangePasswordDocument;

export const UPDATE_COOK_PROFILE = UpdateCookProfileDocument;

export const SWITCH_ROLE = SwitchRoleDocument;
