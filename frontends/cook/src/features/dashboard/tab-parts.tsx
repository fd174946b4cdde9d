/* The parts every tab of the dashboard is made of: its sections and panels, and what a query shows until it has answered. */

import { apiMessage } from '@popote/auth';
import type { TypedDocumentNode } from '@popote/graphql';
import { Button, RetryNotice, saveFile, Section, Spinner, useFileDownload } from '@popote/ui';
import type { ReactNode } from 'react';
import styles from './dashboard-page.module.css';
import stats from './stats.module.css';
import { frCook } from '@popote/ui/fr-cook';

/** The dashboard's error panel: 'Erreur lors du chargement des données' and 'Réessayer'. */
export function LoadError({ retry }: { retry: () => unknown }) {
  return <RetryNotice message={frCook.cook.loadError} onRetry={retry} />;
}

export function Loading({ label }: { label: string }) {
  return <Spinner size="lg" label={label} showLabel />;
}

/** A query of a tab, as `useQuery` gives it. */
export interface TabQuery<D> {
  data: D | undefined;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** What a tab shows of its query: `children(data)` once there, else the error panel, else the spinner. */
export function Loaded<D>({
  query,
  loadingLabel,
  children,
}: {
  query: TabQuery<D>;
  loadingLabel: string;
  children: (data: D) => ReactNode;
}) {
  if (query.data) return children(query.data);
  if (query.error) return <LoadError retry={query.refetch} />;
  return <Loading label={loadingLabel} />;
}

/**
 * A white panel of a tab under its title: an h3 under the tab's h2 (read by screen readers only
 * when `hiddenTitle`), or the h2 of a tab without one (`level="h2"`).
 */
export function Panel({
  titleId,
  title,
  level = 'h3',
  hiddenTitle = false,
  children,
}: {
  titleId: string;
  title: string;
  level?: 'h2' | 'h3';
  hiddenTitle?: boolean;
  children: ReactNode;
}) {
  const Title = level;
  return (
    <section aria-labelledby={titleId} className={stats.panel}>
      <Title id={titleId} className={hiddenTitle ? 'pp-visually-hidden' : level === 'h2' ? styles.sectionTitle : stats.panelTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A tab or a part of one: its h2 and, at the right, what it offers (a button, a link). */
export function TabSection({
  titleId,
  title,
  action,
  children,
}: {
  titleId: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section titleId={titleId} title={title} actions={action} classNames={{ header: styles.sectionHeader, title: styles.sectionTitle }}>
      {children}
    </Section>
  );
}

/**
 * A tab's CSV export (the ledger, the campaigns): asks the server for the file afresh and saves it
 * from a Blob, with a BOM so that spreadsheet programs read the accents as UTF-8.
 */
export function CsvExportButton<D>(props: {
  document: TypedDocumentNode<D, Record<string, never>>;
  file: (data: D) => { filename: string; csv: string };
  label: string;
  failure: string;
  toastId: string;
}) {
  const [download, loading] = useFileDownload({
    document: props.document,
    variables: {},
    save: (data) => {
      const { filename, csv } = props.file(data);
      saveFile(filename, ['\uFEFF', csv], 'text/csv;charset=utf-8');
    },
    failure: (error) => apiMessage(error, props.failure),
    toastId: props.toastId,
  });
  return (
    <Button variant="outline" onClick={() => void download()} loading={loading}>
      {props.label}
    </Button>
  );
}
