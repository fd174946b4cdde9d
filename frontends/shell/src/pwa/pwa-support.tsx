import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { ConnectivityNotice } from './connectivity-notice';
import { installPrompt } from './install-prompt';
import styles from './pwa-support.module.css';
import { registerServiceWorker } from './service-worker';

/**
 * Downloaded once the browser offers installation (most visits never see it). A failed download
 * (the connection dropped) shows no banner rather than an error page: it is an offer, not the page.
 */
const InstallBanner = lazy(() =>
  import('./install-banner').then(
    (module) => ({ default: module.InstallBanner }),
    () => ({ default: () => null }),
  ),
);

/**
 * The installable-app parts of the shell: service worker, and at the bottom of the window the
 * connectivity notice above the install banner (stacked, never over one another, nor over the
 * toasts at the top).
 */
export function PwaSupport() {
  useEffect(registerServiceWorker, []);
  const offered = useSyncExternalStore(installPrompt.subscribe, installPrompt.current, () => null) !== null;
  return (
    <div className={styles.dock}>
      <ConnectivityNotice />
      {offered && (
        <Suspense fallback={null}>
          <InstallBanner />
        </Suspense>
      )}
    </div>
  );
}
