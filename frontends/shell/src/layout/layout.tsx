import { fr, TOASTER_PROPS, LazyToaster } from '@popote/ui';
import type { ReactNode } from 'react';
import { useUserLoadErrorToast } from '../auth/user-load-error';
import { Footer } from './footer';
import styles from './layout.module.css';
import { NavBar } from './nav-bar';
import { ScrollToTop } from './scroll-to-top';
import { VerificationBanner } from './verification-banner';

/** The frame of every page: nav bar, banners, the page (`children`), footer and toasts. */
export function Layout({ children }: { children: ReactNode }) {
  useUserLoadErrorToast();
  return (
    <div className={styles.shell}>
      <ScrollToTop />
      <a className="pp-skip-link" href="#contenu">
        {fr.common.skipToContent}
      </a>
      <NavBar />
      <VerificationBanner />
      <main id="contenu" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {/* Top-centre, 3 s (spec). Remotes share react-hot-toast, so their toasts land here too. */}
      <LazyToaster {...TOASTER_PROPS} />
    </div>
  );
}
