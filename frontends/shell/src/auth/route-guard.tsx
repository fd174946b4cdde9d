import { useAuth } from '@popote/auth';
import { fr, PageLoading } from '@popote/ui';
import { useRef, type ReactNode } from 'react';
import { Redirect } from '@popote/router';
import { RetryPage } from '../pages/notice-page';
import type { Access } from './access';

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
 * signed in on this page" starts over on each page.
 */
export function RouteGuard({ access, children, handlesSignOut = false }: RouteGuardProps) {
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
