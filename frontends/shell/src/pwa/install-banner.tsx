import { Button, DockPanel } from '@popote/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { shellFr } from '../i18n/texts';
import styles from './install-banner.module.css';
import { installPrompt } from './install-prompt';

/** The banner appears 3 s after the browser offers installation. */
export const INSTALL_BANNER_DELAY_MS = 3000;
const DISMISSED_KEY = 'popote:install-banner-dismissed';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage unavailable (private mode...): the banner is simply hidden for this page.
  }
}

/**
 * 'Installer' opens the browser's install dialog (the banner goes, for good once accepted);
 * 'Plus tard' hides it for the rest of the browsing session.
 */
export function InstallBanner() {
  const t = shellFr.install;
  const offer = useSyncExternalStore(installPrompt.subscribe, installPrompt.current, () => null);
  const [visible, setVisible] = useState(false);
  const [dismissed, setDismissed] = useState(dismissedThisSession);

  useEffect(() => {
    if (!offer || dismissed) {
      setVisible(false);
      return undefined;
    }
    const wait = Math.max(0, offer.receivedAt + INSTALL_BANNER_DELAY_MS - Date.now());
    const timer = setTimeout(() => setVisible(true), wait);
    return () => clearTimeout(timer);
  }, [offer, dismissed]);

  if (!visible || !offer) return null;

  const dismiss = () => {
    rememberDismissal();
    setDismissed(true);
  };
  const install = async () => {
    const accepted = await installPrompt.accept().catch(() => false);
    // Refused in the browser's dialog: not asked again during this session either.
    if (!accepted) dismiss();
  };

  return (
    <DockPanel
      className={styles.banner}
      titleId="install-banner-title"
      title={t.title}
      body={t.body}
      actions={
        <>
          <Button variant="outline" size="sm" onClick={dismiss}>
            {t.dismiss}
          </Button>
          <Button variant="primary" size="sm" onClick={() => void install()}>
            {t.accept}
          </Button>
        </>
      }
    />
  );
}
