import { Button } from '@popote/ui';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { EXPORT_URL } from '../account/account.graphql';
import { shellFr } from '../../i18n/texts';
import { Card } from './card';
import styles from './profile-page.module.css';

const t = shellFr.account;

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
 * 'Télécharger mes données' (GDPR art. 15, 20): the BFF gathers what every service holds and
 * streams a ZIP. Fetched here (not a plain link) so a refusal shows its French message.
 */
export function DataCard() {
  const [loading, setLoading] = useState(false);

  const download = async () => {
    setLoading(true);
    try {
      const res = await fetch(EXPORT_URL, { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? t.downloadError);
      }
      save(await res.blob(), 'mes-donnees-popote.zip');
      toast.success(t.downloaded, { id: 'export-result' });
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t.downloadError, { id: 'export-result' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card title={t.dataTitle}>
      <p className={styles.muted}>{t.dataLead}</p>
      <Button variant="secondary" loading={loading} onClick={download}>
        {loading ? t.downloading : t.download}
      </Button>
    </Card>
  );
}
