import { fr, TOASTER_PROPS, LazyToaster } from '@popote/ui';
import { matchPath, usePathname } from '@popote/router';
import type { ReactNode } from 'react';
import { useUserLoadErrorToast } from '../auth/user-load-error';
import { Footer } from './footer';
import styles from './layout.module.css';
import { NavBar } from './nav-bar';
import { ScrollToTop } from './scroll-to-top';
import { VerificationBanner } from './verification-banner';

/** The operators' console (its sign-in page and the ops remote's pages): none of the buyers' menu, banners or footer. */
export const isConsolePage = (pathname: string): boolean => matchPath('/console/*', pathname);

/** The site's menu and the banners of the signed-in person (buyers' and cooks' pages). */
function SiteHeader() {
  useUserLoadErrorToast();
  return (
    <>
      <NavBar />
      <VerificationBanner />
    </>
  );
}

/**
 * The frame of every page: nav bar, banners, the page (`children`), footer and toasts. The
 * console's pages keep only the page and the toasts: its remote draws its own header.
 */
export function Layout({ children }: { children: ReactNode }) {
  const consolePage = isConsolePage(usePathname());
  return (
    <div className={styles.shell}>
      <ScrollToTop />
      <a className="pp-skip-link" href="#contenu">
        {fr.common.skipToContent}
      </a>
      {consolePage ? null : <SiteHeader />}
      <main id="contenu" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      {consolePage ? null : <Footer />}
      {/* Top-centre, 3 s (spec). Remotes share react-hot-toast, so their toasts land here too. */}
      <LazyToaster {...TOASTER_PROPS} />
    </div>
  );
}
