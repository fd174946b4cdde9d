import { apiMessage, readApiError } from '@popote/auth';
import { useMutation, useQuery } from '@popote/graphql';
import {
  APPEAL_OUTCOMES,
  MODERATION_ACTION_LABELS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  type AppealOutcome,
} from '@popote/rules';
import { Button, FieldMessages, fieldDescribedBy, Notice, QueryState, Section, TextAreaField, toast } from '@popote/ui';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConsolePage } from '../../layout/console-page';
import { ConsoleOperatorDocument } from '../../layout/console.generated';
import { opsFr } from '../../texts';
import { Fact } from '../shared/fact';
import { CountedHint, FormError } from '../shared/form-parts';
import { forgetModerationLists, statementError } from '../reports/moderation-forms';
import { formatParisDateTime } from '../reports/format';
import type { OperatorDecisionFieldsFragment } from '../reports/moderation.generated';
import { PublicPageLink } from '../reports/public-page-link';
import { DecideAppealDocument, ModerationAppealsDocument } from './appeals.generated';
import styles from '../reports/moderation.module.css';

const t = opsFr.appeals;

interface AppealValues {
  outcome: string;
  statement: string;
}

const EMPTY: AppealValues = { outcome: '', statement: '' };

/**
 * The decision on an appeal: uphold or lift the measure, with the statement of reasons sent to the
 * person who appealed. The services refuse the operator who made the decision; their message shows here.
 */
function AppealForm({ decisionId, onRefused }: { decisionId: string; onRefused: () => void }) {
  const [decideAppeal] = useMutation(DecideAppealDocument, { update: forgetModerationLists });
  const form = useForm<AppealValues>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const statement = useWatch({ control: form.control, name: 'statement' }) ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const outcomesId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const outcome = values.outcome as AppealOutcome;
    try {
      await decideAppeal({ variables: { decision_id: decisionId, outcome, statement: values.statement.trim() } });
    } catch (error) {
      const { code, fields } = readApiError(error);
      if (fields['outcome']) form.setError('outcome', { type: 'server', message: fields['outcome'] }, { shouldFocus: true });
      if (fields['statement'])
        form.setError('statement', { type: 'server', message: fields['statement'] }, { shouldFocus: !fields['outcome'] });
      if (fields['outcome'] || fields['statement']) return;
      const message = apiMessage(error, t.error);
      if (code === 'CONFLICT' || code === 'NOT_FOUND') {
        // Decided meanwhile: the list is read again (this appeal leaves it); the message stays in a toast.
        toast.error(message, { id: `appeal-${decisionId}` });
        onRefused();
        return;
      }
      // The operator who made the decision, among others: the services' French message, in the form.
      setFormError(message);
      return;
    }
    toast.success(t.decided[outcome], { id: `appeal-${decisionId}` });
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className={styles.choices} aria-describedby={fieldDescribedBy(outcomesId, null, errors.outcome)}>
        <legend className={styles.legend}>{t.outcome}</legend>
        {APPEAL_OUTCOMES.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              value={value}
              aria-invalid={errors.outcome ? true : undefined}
              {...form.register('outcome', {
                validate: (chosen) => (APPEAL_OUTCOMES as readonly string[]).includes(chosen) || t.outcomeRequired,
              })}
            />
            {t.outcomes[value]}
          </label>
        ))}
        <FieldMessages id={outcomesId} error={errors.outcome?.message} />
      </fieldset>
      <TextAreaField
        label={t.statementLabel}
        rows={5}
        maxLength={MODERATION_LIMITS.statementMax}
        hint={<CountedHint hint={t.statementHint} length={statement.length} max={MODERATION_LIMITS.statementMax} />}
        error={errors.statement?.message}
        {...form.register('statement', { validate: statementError })}
      />
      <FormError message={formError} />
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}

function AppealCase({
  decision,
  operatorId,
  onRefused,
}: {
  decision: OperatorDecisionFieldsFragment;
  operatorId: string | null;
  onRefused: () => void;
}) {
  const appeal = decision.appeal!;
  return (
    <Section
      title={
        <>
          <span className={styles.kind}>
            {REPORT_TARGET_LABELS[decision.target_kind]}
            <span className="pp-visually-hidden"> : </span>
          </span>
          <span className={styles.label}>{decision.item.label}</span>
        </>
      }
      classNames={{ section: styles.block }}
    >
      <p className={styles.muted}>
        <PublicPageLink path={decision.item.path} />
      </p>
      <dl className={styles.facts}>
        <Fact term={t.decidedAt}>
          <time dateTime={decision.decided_at}>{formatParisDateTime(decision.decided_at)}</time>
        </Fact>
        <Fact term={t.measure}>
          <strong className={decision.action === 'no_action' ? undefined : styles.measure}>
            {MODERATION_ACTION_LABELS[decision.action]}
          </strong>
        </Fact>
        <Fact term={t.reason}>{REPORT_REASON_LABELS[decision.reason]}</Fact>
        <Fact term={t.statement}>
          <p className={styles.text}>{decision.statement}</p>
        </Fact>
        <Fact term={t.appealAt}>
          <time dateTime={appeal.at}>{formatParisDateTime(appeal.at)}</time>
        </Fact>
        <Fact term={t.appealText}>
          <p className={styles.quote}>{appeal.text}</p>
        </Fact>
      </dl>
      {operatorId !== null && decision.operator_id === operatorId ? (
        <p className={styles.muted}>{MODERATION_MESSAGES.appealSameOperator}</p>
      ) : (
        <AppealForm decisionId={decision.decision_id} onRefused={onRefused} />
      )}
    </Section>
  );
}

/**
 * 'Recours': the appeals waiting, oldest first, each with the item, the measure contested and its
 * statement, the appeal; then the form to uphold or lift the measure (another operator than the one
 * who decided: their own decisions say so instead of offering the form).
 */
export function AppealsPage() {
  const { data, error, refetch } = useQuery(ModerationAppealsDocument, { requestPolicy: 'cache-and-network' });
  // The signed-in operator: the console's frame read it already.
  const operator = useQuery(ConsoleOperatorDocument).data?.operator ?? null;
  let body: ReactNode;
  if (!data) {
    body = <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
  } else {
    // A decided appeal leaves the list at once (its decision is answered with the appeal's new state).
    const open = data.moderationAppeals.filter((decision) => decision.appeal?.status === 'open');
    body =
      open.length === 0 ? (
        <Notice message={t.empty} />
      ) : (
        <ul className={styles.list}>
          {open.map((decision) => (
            <li key={decision.decision_id} data-testid="appeal">
              <AppealCase decision={decision} operatorId={operator?.operator_id ?? null} onRefused={() => void refetch()} />
            </li>
          ))}
        </ul>
      );
  }
  return (
    <ConsolePage title={t.title} lead={t.lead}>
      {body}
    </ConsolePage>
  );
}
