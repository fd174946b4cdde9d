import { useEffect } from 'react';
import { useConnectivityToasts } from './connectivity';
import { InstallBanner } from './install-banner';
import { registerServiceWorker } from './service-worker';

/** The installable-app parts of the shell: service worker, install banner, connectivity toasts. */
export function PwaSupport() {
  useEffect(registerServiceWorker, []);
  useConnectivityToasts();
  return <InstallBanner />;
}
