import { apiMessage } from '@popote/auth';
import { useGraphQLClient, useQuery } from '@popote/graphql';
import { Button, Notice, QueryState, saveFile, toast } from '@popote/ui';
import { useState } from 'react';
import { ConsolePage } from '../../layout/console-page';
import { opsFr } from '../../texts';
import { ConsoleTable } from '../shared/console-table';
import { auditCsv, auditCsvFilename } from './audit-csv';
import { actionLabel, formatAuditTime, targetLabel } from './audit-labels';
import { EXPORT_PAGE_SIZE, PAGE_SIZE, type AuditEntryData } from './journal-data';
import { OperatorAuditDocument } from './journal.generated';
import styles from './journal.module.css';

const t = opsFr.journal;

const COLUMNS = [
  { label: t.columns.at },
  { label: t.columns.operator },
  { label: t.columns.action },
  { label: t.columns.target },
  { label: t.columns.reason },
] as const;

function EntryRow({ entry }: { entry: AuditEntryData }) {
  return (
    <tr data-testid="audit-row">
      <td className={styles.nowrap}>
        <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
      </td>
      <td>{entry.operator_email ?? t.noOperator}</td>
      <td>{actionLabel(entry.action)}</td>
      <td className={styles.code}>{entry.target ? targetLabel(entry.target) : t.none}</td>
      <td>{entry.reason ?? t.none}</td>
    </tr>
  );
}

/**
 * 'Exporter (CSV)': asks the BFF for every page of the log (network only, the largest pages it
 * gives) and saves them as one CSV file for French spreadsheets (UTF-8 with its BOM).
 */
function ExportButton() {
  const client = useGraphQLClient();
  const [progress, setProgress] = useState<number | null>(null);
  const exportAll = async () => {
    setProgress(0);
    const entries: AuditEntryData[] = [];
    try {
      let before: string | null = null;
      do {
        const variables: { limit: number; before?: string } = before ? { limit: EXPORT_PAGE_SIZE, before } : { limit: EXPORT_PAGE_SIZE };
        const { operatorAudit } = await client.query(OperatorAuditDocument, variables, { requestPolicy: 'network-only' });
        entries.push(...operatorAudit.entries);
        setProgress(entries.length);
        before = operatorAudit.next_before;
      } while (before);
      saveFile(auditCsvFilename(new Date()), ['\uFEFF', auditCsv(entries)], 'text/csv;charset=utf-8');
      toast.success(t.exported(entries.length), { id: 'journal-export' });
    } catch (error) {
      toast.error(apiMessage(error, t.exportError), { id: 'journal-export' });
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={exportAll} loading={progress !== null}>
        {t.export}
      </Button>
      <p className={styles.status} role="status">
        {progress !== null ? t.exporting(progress) : ''}
      </p>
    </>
  );
}

/**
 * 'Journal': the operators' audit log, newest first, PAGE_SIZE lines a page. 'Plus ancien' opens
 * the next page (`before`: the page's `next_before`), 'Plus récent' goes back; each page is asked
 * again when it is shown (the log grows with every sign-in).
 */
export function JournalPage() {
  // The `before` of each page opened so far: the first page has none.
  const [cursors, setCursors] = useState<ReadonlyArray<string | null>>([null]);
  const before = cursors[cursors.length - 1] ?? null;
  const { data, previousData, error, loading, refetch } = useQuery(OperatorAuditDocument, {
    variables: before ? { limit: PAGE_SIZE, before } : { limit: PAGE_SIZE },
    requestPolicy: 'cache-and-network',
  });
  // While the next page loads, the current one stays on screen (marked busy).
  const shown = data ?? (loading ? previousData : undefined);

  const newer = () => setCursors((c) => c.slice(0, -1));
  let body;
  if (!shown) {
    body = (
      <>
        <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />
        {error && cursors.length > 1 ? (
          <nav className={styles.pager} aria-label={t.pagination}>
            <Button variant="outline" onClick={newer}>
              {t.newer}
            </Button>
          </nav>
        ) : null}
      </>
    );
  } else if (shown.operatorAudit.entries.length === 0 && cursors.length === 1) {
    body = <Notice message={t.empty} />;
  } else {
    const next = shown.operatorAudit.next_before;
    body = (
      <>
        <ConsoleTable caption={t.caption} columns={COLUMNS} busy={loading}>
          {shown.operatorAudit.entries.map((entry) => (
            <EntryRow key={entry.entry_id} entry={entry} />
          ))}
        </ConsoleTable>
        <nav className={styles.pager} aria-label={t.pagination}>
          <Button variant="outline" disabled={cursors.length === 1 || loading} onClick={newer}>
            {t.newer}
          </Button>
          <span className={styles.pageNumber}>{t.page(cursors.length)}</span>
          <Button variant="outline" disabled={!next || loading} onClick={() => next && setCursors((c) => [...c, next])}>
            {t.older}
          </Button>
        </nav>
      </>
    );
  }

  return (
    <ConsolePage title={t.title} lead={t.lead} actions={<ExportButton />}>
      {body}
    </ConsolePage>
  );
}
