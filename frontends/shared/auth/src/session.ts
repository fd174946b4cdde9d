import { MeDocument, SignOutDocument, type MeQuery } from './session.generated';

/*
 * Who is signed in, and signing out: what every page needs, as the package's entry
 * `@popote/auth/session`, a Module Federation singleton (see @popote/build's SHARED_SINGLETONS):
 * the shell and the remotes run one copy of `useAuth` and of these documents instead of one each
 *. Import them from '@popote/auth' or '@popote/auth/session', and inside this package
 * from '@popote/auth/session' too: a relative import would bundle a second copy.
 *
 * Typed documents generated from session.graphql. Everything the frontends know about the
 * signed-in person is its fragment MeFields: every operation returning Me selects it, so its
 * result can replace `Query.me`.
 */

export type MeQueryData = MeQuery;

/** Who is signed in: null when signed out (not an error). */
export const ME_QUERY = MeDocument;

export const SIGN_OUT = SignOutDocument;

export { useAuth } from './use-auth';
export type { AuthState } from './use-auth';
