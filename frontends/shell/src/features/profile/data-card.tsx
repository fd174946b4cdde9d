import { readApiError } from '@popote/auth';
import { useMutation, useQuery } from '@popote/graphql';
import { Button, fr, formatLongDateTime, saveFile, Spinner, toast } from '@popote/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { DATA_EXPORT, REQUEST_DATA_EXPORT } from '../account/account.graphql';
import { accountFr } from '../../i18n/account-texts';
import { Card } from './card';
import styles from './profile-page.module.css';

const t = accountFr;
/** While an archive is in preparation, its state is asked again this often. */
const POLL_MS = 2_000;

const sizeFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
/** "840 Ko", "1,2 Mo". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} Ko`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} Mo`;
}

/**
 * 'Mes données' (GDPR art. 15, 20): 'Télécharger mes données' asks for an archive, which the BFF
 * builds in the background from every service (ADR 0026, 0027). The card follows it — en préparation
 * (asked again every 2 s), prête (download, expiry date), expirée, échec ('Réessayer'). The archive
 * is fetched (not a plain link) so that a refusal shows its French message.
 */
export function DataCard() {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(DATA_EXPORT, { requestPolicy: 'cache-and-network' });
  const [requestExport, { loading: requesting }] = useMutation(REQUEST_DATA_EXPORT, {
    update: (cache, result) => {
      cache.updateQuery({ query: DATA_EXPORT }, () => ({ dataExport: { ...result.data.requestDataExport, __typename: 'DataExport' } }));
    },
  });
  const [downloading, setDownloading] = useState(false);
  const current = data?.dataExport ?? null;
  const preparing = current?.status === 'preparing';

  useEffect(() => {
    if (!preparing) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [preparing, startPolling, stopPolling]);

  const request = async () => {
    try {
      await requestExport();
      toast.success(t.requested, { id: 'export-result' });
    } catch (err) {
      toast.error(readApiError(err).message ?? t.downloadError, { id: 'export-result' });
      // Someone else's request (another tab) may be the one in preparation: show it.
      void refetch();
    }
  };

  const download = async (url: string) => {
    setDownloading(true);
    try {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        void refetch();
        throw new Error(body?.message ?? t.downloadError);
      }
      const archive = await res.blob();
      saveFile('mes-donnees-popote.zip', [archive], archive.type);
      toast.success(t.downloaded, { id: 'export-result' });
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t.downloadError, { id: 'export-result' });
    } finally {
      setDownloading(false);
    }
  };

  const requestButton = (label: string, variant: 'secondary' | 'outline' = 'secondary') => (
    <Button variant={variant} loading={requesting} onClick={request}>
      {requesting ? t.requesting : label}
    </Button>
  );

  let body;
  if (!data && loading) {
    body = <Busy text={t.dataLoading} />;
  } else if (!data && error) {
    body = (
      <div className={styles.exportState} role="alert">
        <p>{t.dataLoadError}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          {fr.common.retry}
        </Button>
      </div>
    );
  } else if (!current) {
    body = requestButton(t.download);
  } else if (current.status === 'preparing') {
    body = (
      <div className={styles.exportState}>
        <Busy text={t.preparing} />
        <p className={styles.muted}>{t.preparingHint}</p>
      </div>
    );
  } else if (current.status === 'ready' && current.download_url) {
    const url = current.download_url;
    body = (
      <ExportState title={t.ready}>
        <DateLine at={current.ready_at} text={t.readySince} />
        <DateLine at={current.expires_at} text={t.expiresOn} />
        <div className={styles.formActions}>
          <Button variant="secondary" loading={downloading} onClick={() => void download(url)}>
            {downloading ? t.downloadingArchive : t.downloadArchive(formatSize(current.size_bytes ?? 0))}
          </Button>
          {requestButton(t.newArchive, 'outline')}
        </div>
      </ExportState>
    );
  } else if (current.status === 'expired') {
    body = (
      <ExportState title={t.expired}>
        <DateLine at={current.expires_at} text={t.expiredOn} />
        {requestButton(t.download)}
      </ExportState>
    );
  } else {
    body = (
      <ExportState title={t.failed} alert>
        <p className={styles.muted}>{t.failedHint}</p>
        {requestButton(t.retryExport)}
      </ExportState>
    );
  }

  return (
    <Card id="mes-donnees" title={t.dataTitle}>
      <p className={styles.muted}>{t.dataLead}</p>
      {body}
    </Card>
  );
}

/** A spinner and what it waits for (read once: the spinner's label). */
function Busy({ text }: { text: string }) {
  return (
    <div className={styles.exportTitle}>
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}

/** A state of the archive: its title, announced (an alert for a failure), then what goes with it. */
function ExportState({ title, alert = false, children }: { title: string; alert?: boolean; children: ReactNode }) {
  return (
    <div className={styles.exportState}>
      <p className={styles.exportTitle} role={alert ? 'alert' : 'status'}>
        {title}
      </p>
      {children}
    </div>
  );
}

/** "Préparée le …", "Disponible jusqu’au …": a date of the archive, when it has one. */
function DateLine({ at, text }: { at: string | null | undefined; text: (date: string) => string }) {
  return at ? <p className={styles.muted}>{text(formatLongDateTime(at))}</p> : null;
}
