import { fr } from '@popote/ui';
import { Toaster } from 'react-hot-toast';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import styles from './layout.module.css';
import { NavBar } from './nav-bar';
import { ScrollToTop } from './scroll-to-top';

export function Layout() {
  return (
    <div className={styles.shell}>
      <ScrollToTop />
      <a className="pp-skip-link" href="#contenu">
        {fr.common.skipToContent}
      </a>
      <NavBar />
      <main id="contenu" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {/*
        Spec §9: top-centre, the library's durations (success 2 s, error and blank 4 s).
        Remotes share react-hot-toast, so their toasts land here too.
      */}
      <Toaster position="top-center" toastOptions={{ success: { duration: 2000 }, error: { duration: 4000 }, blank: { duration: 4000 } }} />
    </div>
  );
}
