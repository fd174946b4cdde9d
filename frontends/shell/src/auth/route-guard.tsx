import { useAuth } from '@popote/auth';
import { fr, PageLoading } from '@popote/ui';
import { useRef, type ReactNode } from 'react';
import { Redirect, usePathname, useSearch } from '@popote/router';
import { RetryPage } from '../pages/notice-page';
import { shellFr } from '../i18n/texts';
import type { Access } from './access';
import { useOperatorSession } from './operator-session';

/** The operators' sign-in page, a page of the shell (public). */
export const CONSOLE_SIGN_IN = '/console/connexion';

/** The console's sign-in page, back to `path` (with its query string) once signed in. */
export const consoleSignInFor = (path: string): string => `${CONSOLE_SIGN_IN}?${new URLSearchParams({ next: path }).toString()}`;

export interface RouteGuardProps {
  access: Access;
  children: ReactNode;
  /**
   * The page handles a session that ends while it is open (it shows its own
   * signed-out state) instead of being replaced by /auth.
   */
  handlesSignOut?: boolean;
}

/**
 * Spinner while `me` loads; a signed-out visitor goes to /auth; a signed-in
 * non-cook on a cook page goes to /. The parent keys it by path, so "was
 * signed in on this page" starts over on each page. The console's pages ('operator') are
 * guarded by the operator's own session instead (OperatorGuard).
 */
export function RouteGuard(props: RouteGuardProps) {
  if (props.access === 'operator') return <OperatorGuard>{props.children}</OperatorGuard>;
  return <PersonGuard {...props} />;
}

/**
 * The console's pages: spinner while `operator` loads; nobody signed in to the console (a
 * buyer's or cook's session opens nothing here) goes to its sign-in page, which brings them back.
 * Only then are the children (the ops remote) rendered, hence downloaded.
 */
function OperatorGuard({ children }: { children: ReactNode }) {
  const session = useOperatorSession();
  const pathname = usePathname();
  const search = useSearch();
  switch (session.status) {
    case 'loading':
      return <PageLoading />;
    case 'error':
      return <RetryPage message={shellFr.console.operatorLoadError} onRetry={session.retry} />;
    case 'signed-out':
      return <Redirect to={consoleSignInFor(search ? `${pathname}?${search}` : pathname)} replace />;
    case 'signed-in':
      return children;
  }
}

function PersonGuard({ access, children, handlesSignOut = false }: RouteGuardProps) {
  const auth = useAuth();
  const wasSignedIn = useRef(false);
  if (auth.status === 'signed-in') wasSignedIn.current = true;

  if (access === 'public') return children;

  switch (auth.status) {
    case 'loading':
      return <PageLoading />;
    case 'error':
      return <RetryPage message={fr.common.userLoadError} onRetry={auth.retry} />;
    case 'signed-out':
      if (handlesSignOut && wasSignedIn.current) return children;
      // Signed out while on the page ('Déconnexion', whatever finishes first): home, as the button says.
      // A visitor who arrives signed out goes to /auth.
      return <Redirect to={wasSignedIn.current ? '/' : '/auth'} replace />;
    case 'signed-in':
      if (access === 'cook' && !auth.isCook) return <Redirect to="/" replace />;
      return children;
  }
}
