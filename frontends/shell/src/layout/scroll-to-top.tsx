import { useEffect, useRef } from 'react';
import { usePathname, useSearch } from '@popote/router';

/**
 * A new page starts at the top. Back/forward keeps the browser's own scroll restoration: a
 * `popstate` (which fires before the router renders the page it brings back) marks that change.
 */
export function ScrollToTop() {
  const pathname = usePathname();
  const search = useSearch();
  const fromHistory = useRef(false);
  useEffect(() => {
    const onPopState = () => {
      fromHistory.current = true;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  useEffect(() => {
    if (!fromHistory.current) window.scrollTo(0, 0);
    fromHistory.current = false;
  }, [pathname, search]);
  return null;
}
