import { MODERATION_ACTION_LABELS } from '@popote/rules';
import { useEffect, useRef } from 'react';
import { opsFr } from '../../texts';
import { formatParisDate, formatParisDateTime } from './format';
import type { OperatorDecisionFieldsFragment } from './moderation.generated';
import styles from './moderation.module.css';

const t = opsFr.report;

/** Where the appeal stands: its state and texts once made, else until when one is possible. */
export function AppealState({ decision }: { decision: OperatorDecisionFieldsFragment }) {
  const { appeal, appeal_until: until } = decision;
  if (!appeal) return <p className={styles.muted}>{until ? t.appealUntil(formatParisDate(until)) : t.noAppeal}</p>;
  return (
    <>
      <p className={styles.status}>{t.appealStatus[appeal.status] ?? appeal.status}</p>
      <p className={styles.muted}>{t.appealFiled(formatParisDateTime(appeal.at))}</p>
      <p className={styles.quote}>{appeal.text}</p>
      {appeal.statement ? <p className={styles.text}>{appeal.statement}</p> : null}
    </>
  );
}

/**
 * A decision made: its measure, date and statement of reasons, and its appeal. `focus`: just made
 * here, its measure takes the focus (the form it was made with is gone).
 */
export function DecisionSummary({ decision, focus = false }: { decision: OperatorDecisionFieldsFragment; focus?: boolean }) {
  const measure = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) measure.current?.focus();
  }, [focus]);
  return (
    <dl className={styles.facts} data-testid="decision">
      <div className={styles.fact}>
        <dt>{t.measure}</dt>
        <dd>
          <strong ref={measure} tabIndex={-1} className={decision.action === 'no_action' ? undefined : styles.measure}>
            {MODERATION_ACTION_LABELS[decision.action]}
          </strong>
        </dd>
      </div>
      <div className={styles.fact}>
        <dt>{t.decidedAt}</dt>
        <dd>
          <time dateTime={decision.decided_at}>{formatParisDateTime(decision.decided_at)}</time>
        </dd>
      </div>
      <div className={styles.fact}>
        <dt>{t.statement}</dt>
        <dd className={styles.text}>{decision.statement}</dd>
      </div>
      <div className={styles.fact}>
        <dt>{t.appeal}</dt>
        <dd className={styles.facts}>
          <AppealState decision={decision} />
        </dd>
      </div>
    </dl>
  );
}
