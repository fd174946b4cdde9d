import { useEffect } from 'react';
import { useLocation, useNavigationType } from '@popote/router';

/**
 * A new page starts at the top. Back/forward (POP) keeps the browser's own
 * scroll restoration. (The declarative router has no <ScrollRestoration>.)
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, search, navigationType]);
  return null;
}
