import { readApiError } from '@popote/auth';
import { useMutation, useQuery } from '@popote/graphql';
import { Button, fr, formatLongDateTime, Spinner, toast } from '@popote/ui';
import { useEffect, useState } from 'react';
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

/** Saves a downloaded archive under its name (a temporary link to the blob). */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * 'Mes données' (GDPR art. 15, 20): 'Télécharger mes données' asks for an archive, which the BFF
 * builds in the background from every service (ADR 0009). The card follows it — en préparation
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
      save(await res.blob(), 'mes-donnees-popote.zip');
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
    body = (
      <div className={styles.exportTitle}>
        <Spinner size="sm" label={t.dataLoading} />
        <span aria-hidden="true">{t.dataLoading}</span>
      </div>
    );
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
        <div className={styles.exportTitle}>
          <Spinner size="sm" label={t.preparing} />
          <span aria-hidden="true">{t.preparing}</span>
        </div>
        <p className={styles.muted}>{t.preparingHint}</p>
      </div>
    );
  } else if (current.status === 'ready' && current.download_url) {
    const url = current.download_url;
    body = (
      <div className={styles.exportState}>
        <p className={styles.exportTitle} role="status">
          {t.ready}
        </p>
        {current.ready_at ? <p className={styles.muted}>{t.readySince(formatLongDateTime(current.ready_at))}</p> : null}
        {current.expires_at ? <p className={styles.muted}>{t.expiresOn(formatLongDateTime(current.expires_at))}</p> : null}
        <div className={styles.formActions}>
          <Button variant="secondary" loading={downloading} onClick={() => void download(url)}>
            {downloading ? t.downloadingArchive : t.downloadArchive(formatSize(current.size_bytes ?? 0))}
          </Button>
          {requestButton(t.newArchive, 'outline')}
        </div>
      </div>
    );
  } else if (current.status === 'expired') {
    body = (
      <div className={styles.exportState}>
        <p className={styles.exportTitle} role="status">
          {t.expired}
        </p>
        {current.expires_at ? <p className={styles.muted}>{t.expiredOn(formatLongDateTime(current.expires_at))}</p> : null}
        {requestButton(t.download)}
      </div>
    );
  } else {
    body = (
      <div className={styles.exportState}>
        <p className={styles.exportTitle} role="alert">
          {t.failed}
        </p>
        <p className={styles.muted}>{t.failedHint}</p>
        {requestButton(t.retryExport)}
      </div>
    );
  }

  return (
    <Card id="mes-donnees" title={t.dataTitle}>
      <p className={styles.muted}>{t.dataLead}</p>
      {body}
    </Card>
  );
}
