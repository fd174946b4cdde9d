import { useMutation, useQuery } from '@popote/graphql';
import { Link } from '@popote/router';
import { Button, QueryState, TextAreaField, toast } from '@popote/ui';
import { MODERATION_ACTION_LABELS, MODERATION_LIMITS, REPORT_REASON_LABELS, REPORT_TARGET_LABELS } from '@popote/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useZodForm } from '../../forms/zod-form';
import { moderationFr as t } from '../../i18n/account-texts';
import { Card, FormActions, FormError, useCardPanel } from './card';
import { AppealDecisionDocument, MyModerationDecisionsDocument, type ModerationDecisionFieldsFragment } from './moderation.generated';
import { appealSchema, type AppealFormValues } from './schemas';
import styles from './moderation-card.module.css';

/** The card's id: the statements of reasons sent by email link to /profile#moderation. */
export const MODERATION_ANCHOR = 'moderation';

type Decision = ModerationDecisionFieldsFragment;

const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' });
/** "7 décembre 2026", in Paris (where the decisions are taken), whatever the browser's zone. */
const formatParisDate = (iso: string) => parisDate.format(new Date(iso));

const EMPTY: AppealFormValues = { text: '' };

/**
 * 'Décisions de modération' (DSA Art. 17 and 20): each decision about the person's content, with
 * its measure, the reason reported and the statement of reasons; 'Former un recours' while the
 * window is open and no appeal was made; the appeal's state and answer once made. Nothing at all
 * for a person without decisions (most buyers), nor while they load; the load error with 'Réessayer'.
 */
export function ModerationCard() {
  const { data, error, refetch } = useQuery(MyModerationDecisionsDocument, { requestPolicy: 'cache-and-network' });
  const decisions = data?.myModerationDecisions;
  const shown = Boolean(decisions && decisions.length > 0);
  const scrolled = useRef(false);

  // Opened from an email's link: the card comes after the page, so the browser found no anchor to go to.
  useEffect(() => {
    if (!shown || scrolled.current || window.location.hash !== `#${MODERATION_ANCHOR}`) return;
    scrolled.current = true;
    document.getElementById(MODERATION_ANCHOR)?.scrollIntoView?.({ block: 'start' });
  }, [shown]);

  if (!decisions) {
    if (!error) return null;
    return (
      <Card id={MODERATION_ANCHOR} title={t.title}>
        <QueryState error={error} errorMessage={t.error} onRetry={refetch} loadingLabel={t.loading} />
      </Card>
    );
  }
  if (decisions.length === 0) return null;

  return (
    <Card id={MODERATION_ANCHOR} title={t.title}>
      <p className={styles.muted}>{t.intro}</p>
      <ul className={styles.decisions}>
        {decisions.map((decision) => (
          <DecisionItem key={decision.decision_id} decision={decision} onRefused={() => void refetch()} />
        ))}
      </ul>
    </Card>
  );
}

function DecisionItem({ decision, onRefused }: { decision: Decision; onRefused: () => void }) {
  const titleId = useId();
  return (
    <li className={styles.decision}>
      <h3 id={titleId} className={styles.itemTitle}>
        <span className={styles.kind}>{REPORT_TARGET_LABELS[decision.target_kind]} : </span>
        <Link to={decision.item.path}>{decision.item.label}</Link>
      </h3>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t.decidedOn}</dt>
          <dd>
            <time dateTime={decision.decided_at}>{formatParisDate(decision.decided_at)}</time>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t.measure}</dt>
          <dd className={decision.action === 'no_action' ? undefined : styles.measure}>{MODERATION_ACTION_LABELS[decision.action]}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t.reason}</dt>
          <dd>{REPORT_REASON_LABELS[decision.reason]}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t.statement}</dt>
          <dd className={styles.text}>{decision.statement}</dd>
        </div>
      </dl>
      <AppealPart decision={decision} onRefused={onRefused} />
    </li>
  );
}

/** The appeal: its state and answer once made; else 'Former un recours' while the window is open. */
function AppealPart({ decision, onRefused }: { decision: Decision; onRefused: () => void }) {
  const { appeal, appeal_until: until } = decision;
  const status = useRef<HTMLParagraphElement>(null);
  const hadAppeal = useRef(appeal !== null);

  // Just sent from this card: the focus goes to its new state (the form it was in is gone).
  useEffect(() => {
    if (appeal && !hadAppeal.current) status.current?.focus();
    hadAppeal.current = appeal !== null;
  }, [appeal]);

  if (appeal) {
    return (
      <div className={styles.appeal}>
        <p ref={status} tabIndex={-1} className={`${styles.status} ${styles[`status_${appeal.status}`] ?? ''}`}>
          {t.appealStatus[appeal.status] ?? appeal.status}
        </p>
        <p className={styles.label}>{t.yourAppeal(formatParisDate(appeal.at))}</p>
        <p className={styles.text}>{appeal.text}</p>
        {appeal.statement && appeal.decided_at ? (
          <>
            <p className={styles.label}>{t.answer(formatParisDate(appeal.decided_at))}</p>
            <p className={styles.text}>{appeal.statement}</p>
          </>
        ) : null}
      </div>
    );
  }
  if (!until) return <p className={styles.muted}>{t.noAppeal}</p>;
  if (Date.parse(until) <= Date.now()) return <p className={styles.muted}>{t.appealClosed(formatParisDate(until))}</p>;
  return (
    <div className={styles.appeal}>
      <p className={styles.muted}>{t.appealUntil(formatParisDate(until))}</p>
      <AppealForm decisionId={decision.decision_id} onRefused={onRefused} />
    </div>
  );
}

function AppealForm({ decisionId, onRefused }: { decisionId: string; onRefused: () => void }) {
  const writing = useCardPanel();
  const [appealDecision] = useMutation(AppealDecisionDocument);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(appealSchema, EMPTY);
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const { setFocus } = form;

  useEffect(() => {
    if (writing.open) setFocus('text');
  }, [writing.open, setFocus]);

  // The answer is the decision with its appeal: Graphcache updates its card (keyed by decision_id).
  const onSubmit = form.submitWith((values) => appealDecision({ variables: { decision_id: decisionId, text: values.text } }), {
    failed: ({ shownOnFields, message }) => {
      if (shownOnFields) return;
      setFormError(message ?? t.appealError);
      // Appealed already (another tab), too late: the card shows where the decision stands.
      if (message) onRefused();
    },
    sent: () => {
      toast.success(t.appealSent, { id: `appeal-${decisionId}` });
    },
  });

  if (!writing.open) {
    return (
      <Button ref={writing.toggle} variant="secondary" size="sm" onClick={writing.show}>
        {t.appeal}
      </Button>
    );
  }
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        setFormError(null);
        void onSubmit(event);
      }}
      noValidate
    >
      <TextAreaField
        label={t.appealText}
        rows={5}
        maxLength={MODERATION_LIMITS.appealMax}
        hint={
          <>
            {t.appealHint} <span className={styles.counter}>{t.counter(text.length, MODERATION_LIMITS.appealMax)}</span>
          </>
        }
        {...form.field('text')}
      />
      <FormError message={formError} />
      <FormActions submit={t.appealSubmit} loading={form.formState.isSubmitting} onCancel={writing.close} />
    </form>
  );
}
