import { useQuery } from '@popote/graphql';
import { Link, useSearchParams } from '@popote/router';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TARGET_LABELS,
  REPORT_TARGETS,
  type ReportReason,
  type ReportTarget,
} from '@popote/rules';
import { Button, Notice, QueryState, SelectField } from '@popote/ui';
import { ConsolePage } from '../../layout/console-page';
import { reportPath } from '../../paths';
import { opsFr } from '../../texts';
import { ConsoleTable } from '../shared/console-table';
import { Pager, useCursorPages } from './cursor-pages';
import { formatParisDateTime } from './format';
import { reporterLabel } from './labels';
import type { ReportFieldsFragment } from './moderation.generated';
import { ModerationQueueDocument } from './reports.generated';
import styles from './moderation.module.css';

const t = opsFr.reports;

/** Reports per page of the queue. */
export const QUEUE_PAGE_SIZE = 30;

const COLUMNS = [
  { label: t.columns.at },
  { label: t.columns.item },
  { label: t.columns.reason },
  { label: t.columns.reporter },
  { label: <span className="pp-visually-hidden">{t.columns.open}</span> },
] as const;

const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({ value: reason, label: REPORT_REASON_LABELS[reason] }));
const KIND_OPTIONS = REPORT_TARGETS.map((kind) => ({ value: kind, label: REPORT_TARGET_LABELS[kind] }));

/** The filters are the page's query string (`?motif=…&type=…`): a report's page leads back to the same list. */
const REASON_PARAM = 'motif';
const KIND_PARAM = 'type';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

function ReportRow({ report }: { report: ReportFieldsFragment }) {
  return (
    <tr data-testid="report-row">
      <td className={styles.nowrap}>
        <time dateTime={report.created_at}>{formatParisDateTime(report.created_at)}</time>
      </td>
      <td>
        <span className={styles.kind}>{REPORT_TARGET_LABELS[report.target_kind]}</span>
        <span className={styles.label}>{report.item.label}</span>
      </td>
      <td>{REPORT_REASON_LABELS[report.reason]}</td>
      <td className={styles.label}>{reporterLabel(report)}</td>
      <td>
        <Link to={reportPath(report.report_id)}>
          {t.examine}
          <span className="pp-visually-hidden">{t.examineWhat(report.item.label)}</span>
        </Link>
      </td>
    </tr>
  );
}

/** The queue for one choice of filters, a page at a time ('Suivants': the page's next_after). */
function Queue({ reason, kind }: { reason: ReportReason | null; kind: ReportTarget | null }) {
  const pages = useCursorPages();
  const { data, previousData, error, loading, refetch } = useQuery(ModerationQueueDocument, {
    variables: {
      limit: QUEUE_PAGE_SIZE,
      ...(reason ? { reason } : {}),
      ...(kind ? { target_kind: kind } : {}),
      ...(pages.after ? { after: pages.after } : {}),
    },
    // Back from a decision: the list is asked again (what was decided leaves it).
    requestPolicy: 'cache-and-network',
  });
  const shown = data ?? (loading ? previousData : undefined);

  if (!shown) {
    return (
      <>
        <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />
        {error && pages.page > 1 ? (
          <nav className={styles.pager} aria-label={t.pagination}>
            <Button variant="outline" onClick={pages.previous}>
              {opsFr.common.previous}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }
  const { items, next_after: next } = shown.moderationQueue;
  if (items.length === 0 && pages.page === 1) return <Notice message={reason || kind ? t.emptyFiltered : t.empty} />;
  return (
    <>
      <ConsoleTable caption={t.caption} columns={COLUMNS} busy={loading}>
        {items.map((report) => (
          <ReportRow key={report.report_id} report={report} />
        ))}
      </ConsoleTable>
      <Pager pages={pages} next={next} loading={loading} label={t.pagination} />
    </>
  );
}

/**
 * 'Signalements': the open reports, oldest first, by reason and kind of content, each with
 * 'Examiner' (its page, where the operator decides).
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const reason = oneOf(REPORT_REASONS, params.get(REASON_PARAM));
  const kind = oneOf(REPORT_TARGETS, params.get(KIND_PARAM));
  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <ConsolePage title={t.title} lead={t.lead}>
      <div className={styles.filters} role="group" aria-label={t.filters}>
        <SelectField
          label={t.reason}
          value={reason ?? ''}
          options={REASON_OPTIONS}
          onChange={(event) => setFilter(REASON_PARAM, event.target.value)}
        >
          <option value="">{t.allReasons}</option>
        </SelectField>
        <SelectField
          label={t.kind}
          value={kind ?? ''}
          options={KIND_OPTIONS}
          onChange={(event) => setFilter(KIND_PARAM, event.target.value)}
        >
          <option value="">{t.allKinds}</option>
        </SelectField>
      </div>
      <Queue key={`${reason ?? ''}/${kind ?? ''}`} reason={reason} kind={kind} />
    </ConsolePage>
  );
}
