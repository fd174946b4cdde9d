import { shellFr } from '../i18n/texts';
import { useConnectivityNotice } from './connectivity';
import { OfflineIcon, OnlineIcon } from './connectivity-icons';
import styles from './connectivity-notice.module.css';

/**
 * 'Mode hors ligne activé…' 1 s after the connection goes, for as long as it is gone, then
 * 'Connexion rétablie…' for 3 s. A state of the page, not a toast: it needs no download (the toast
 * library is fetched with the first toast, and there is no network to fetch it with when this
 * shows), and it does not sit over the toasts that a page may show meanwhile. The live region is
 * always in the page, so that screen readers announce what appears in it.
 */
export function ConnectivityNotice() {
  const notice = useConnectivityNotice();
  return (
    <div role="status" aria-live="polite" className={styles.region}>
      {notice && (
        <p className={styles.notice} data-state={notice}>
          {notice === 'offline' ? <OfflineIcon /> : <OnlineIcon />}
          <span>{shellFr.connectivity[notice]}</span>
        </p>
      )}
    </div>
  );
}
