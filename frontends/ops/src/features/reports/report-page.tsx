import { useQuery } from '@popote/graphql';
import { Link, useParams } from '@popote/router';
import { MODERATION_ACTION_LABELS, REPORT_REASON_LABELS, REPORT_TARGET_LABELS } from '@popote/rules';
import { Section } from '@popote/ui';
import { useState, type ReactNode } from 'react';
import { ConsolePage } from '../../layout/console-page';
import { REPORTS } from '../../paths';
import { opsFr } from '../../texts';
import { Fact } from '../shared/fact';
import { NotLoaded } from '../shared/not-loaded';
import { DecisionForm } from './decision-form';
import { AppealState, DecisionSummary } from './decision-summary';
import { formatParisDateTime } from './format';
import type { OperatorDecisionFieldsFragment, ReportFieldsFragment } from './moderation.generated';
import { ModerationReportDocument, type ModerationReportQuery } from './report.generated';
import { reporterLabel } from './labels';
import { PublicPageLink } from './public-page-link';
import styles from './moderation.module.css';

const t = opsFr.report;

type Detail = ModerationReportQuery['moderationReport'];

const BLOCK = { section: styles.block };

const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatParisDateTime(iso)}</time>;

/** The item as it was reported (kept as evidence) beside its text today. */
function ItemBlock({ detail }: { detail: Detail }) {
  const { report } = detail;
  return (
    <Section title={t.item} classNames={BLOCK}>
      <p className={styles.muted}>
        {REPORT_TARGET_LABELS[report.target_kind]} : <strong className={styles.label}>{report.item.label}</strong> ·{' '}
        <PublicPageLink path={report.item.path} />
      </p>
      <div className={styles.columns}>
        <Section title={t.asReported} level={3} classNames={{ section: styles.column }}>
          <p className={styles.quote} data-testid="item-as-reported">
            {report.item.text || opsFr.common.none}
          </p>
        </Section>
        <Section title={t.today} level={3} classNames={{ section: styles.column }}>
          <p className={styles.quote} data-testid="item-today">
            {detail.current_text || opsFr.common.none}
          </p>
        </Section>
      </div>
    </Section>
  );
}

function ReportFacts({ report }: { report: ReportFieldsFragment }) {
  return (
    <dl className={styles.facts}>
      <Fact term={t.receivedAt}>
        <When iso={report.created_at} />
      </Fact>
      <Fact term={t.reason}>{REPORT_REASON_LABELS[report.reason]}</Fact>
      <Fact term={t.reporter}>{reporterLabel(report)}</Fact>
      <Fact term={t.explanation}>
        <span className={styles.text}>{report.explanation}</span>
      </Fact>
    </dl>
  );
}

function SameItem({ reports }: { reports: readonly ReportFieldsFragment[] }) {
  return (
    <Section title={t.sameItem} classNames={BLOCK}>
      {reports.length === 0 ? (
        <p className={styles.muted}>{t.noSameItem}</p>
      ) : (
        <ul className={styles.list}>
          {reports.map((other) => (
            <li key={other.report_id} className={styles.listItem} data-testid="same-item-report">
              <p className={styles.muted}>
                <When iso={other.created_at} /> · {REPORT_REASON_LABELS[other.reason]} · {reporterLabel(other)} ·{' '}
                {t.reportStatus[other.status] ?? other.status}
              </p>
              <p className={styles.text}>{other.explanation}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function OwnerHistory({ decisions }: { decisions: readonly OperatorDecisionFieldsFragment[] }) {
  return (
    <Section title={t.ownerHistory} classNames={BLOCK}>
      {decisions.length === 0 ? (
        <p className={styles.muted}>{t.noOwnerHistory}</p>
      ) : (
        <ul className={styles.list}>
          {decisions.map((decision) => (
            <li key={decision.decision_id} className={styles.listItem} data-testid="owner-decision">
              <p className={styles.text}>
                <strong className={decision.action === 'no_action' ? undefined : styles.measure}>
                  {MODERATION_ACTION_LABELS[decision.action]}
                </strong>{' '}
                · {REPORT_TARGET_LABELS[decision.target_kind]} : {decision.item.label}
              </p>
              <p className={styles.muted}>
                <When iso={decision.decided_at} /> · {REPORT_REASON_LABELS[decision.reason]}
              </p>
              <AppealState decision={decision} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * A report's page: the item as reported beside what it is today, the reason and the reporter's
 * explanation, the other reports of the item, the reporter's and the owner's histories; then the
 * decision form, or the decision once made (this report's or the one that covered it).
 */
export function ReportPage() {
  const { reportId = '' } = useParams<{ reportId: string }>();
  const { data, previousData, error, loading, refetch } = useQuery(ModerationReportDocument, {
    variables: { report_id: reportId },
    requestPolicy: 'cache-and-network',
  });
  const [decidedHere, setDecidedHere] = useState(false);
  const shown = data ?? (loading && previousData?.moderationReport.report.report_id === reportId ? previousData : undefined);
  const back = (
    <Link to={REPORTS} className={styles.back}>
      {t.back}
    </Link>
  );

  let body: ReactNode;
  if (!shown) {
    body = <NotLoaded error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
  } else {
    const detail = shown.moderationReport;
    body = (
      <>
        <ItemBlock detail={detail} />
        <Section title={t.report} classNames={BLOCK}>
          <ReportFacts report={detail.report} />
        </Section>
        <SameItem reports={detail.same_item} />
        <Section title={t.reporterHistory} classNames={BLOCK}>
          <p className={styles.text}>{t.reporterCounts(detail.reporter_history.reports, detail.reporter_history.actioned)}</p>
        </Section>
        <OwnerHistory decisions={detail.owner_history} />
        <Section title={t.decision} classNames={BLOCK}>
          {detail.decision ? (
            <DecisionSummary decision={detail.decision} focus={decidedHere} />
          ) : (
            <DecisionForm
              reportId={reportId}
              actions={detail.actions}
              onRefused={() => void refetch()}
              onDecided={() => setDecidedHere(true)}
            />
          )}
        </Section>
      </>
    );
  }

  return (
    <ConsolePage title={t.title}>
      {back}
      {body}
    </ConsolePage>
  );
}
