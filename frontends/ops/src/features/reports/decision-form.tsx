import { apiMessage, readApiError } from '@popote/auth';
import { useMutation } from '@popote/graphql';
import { MODERATION_ACTION_LABELS, MODERATION_LIMITS, type ModerationAction } from '@popote/rules';
import { FieldMessages, fieldDescribedBy, TextAreaField, toast } from '@popote/ui';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { opsFr } from '../../texts';
import { ConfirmStep, CountedHint, FormError, useConfirmStep } from '../shared/form-parts';
import { forgetModerationLists, statementError } from './moderation-forms';
import { DecideReportDocument, ModerationReportDocument, type DecideReportMutation } from './report.generated';
import styles from './moderation.module.css';

const t = opsFr.report;

interface DecisionValues {
  action: string;
  statement: string;
}

const EMPTY: DecisionValues = { action: '', statement: '' };

export interface DecisionFormProps {
  reportId: string;
  /** The measures possible on this kind of item, in the order shown. */
  actions: readonly ModerationAction[];
  /** Decided meanwhile (another operator, another tab) or gone: the page reads the report again. */
  onRefused: () => void;
  /** Recorded: the page shows the decision. */
  onDecided: () => void;
}

/**
 * The decision on a report: the measure (only those of its kind of item), the statement of reasons
 * sent to the person concerned, then 'Décider'. A restrictive measure (anything but 'Aucune mesure')
 * asks for a confirmation naming it first; changing the measure or the text asks again.
 */
export function DecisionForm({ reportId, actions, onRefused, onDecided }: DecisionFormProps) {
  const [decide] = useMutation(DecideReportDocument, {
    // The report's page shows the decision at once; the lists are asked again when next shown.
    update: (cache, { data }: { data: DecideReportMutation }) => {
      cache.updateQuery({ query: ModerationReportDocument, variables: { report_id: reportId } }, (detail) =>
        detail ? { ...detail, moderationReport: { ...detail.moderationReport, decision: data.decideReport } } : detail,
      );
      forgetModerationLists(cache);
    },
  });
  const form = useForm<DecisionValues>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const action = useWatch({ control: form.control, name: 'action' });
  const statement = useWatch({ control: form.control, name: 'statement' }) ?? '';
  // Another measure or another text: the confirmation is asked again.
  const confirmStep = useConfirmStep([action, statement]);
  const [formError, setFormError] = useState<string | null>(null);
  const measuresId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const measure = values.action as ModerationAction;
    if (measure !== 'no_action' && !confirmStep.confirming) {
      confirmStep.ask();
      return;
    }
    try {
      await decide({ variables: { report_id: reportId, action: measure, statement: values.statement.trim() } });
    } catch (error) {
      confirmStep.leave();
      const { code, fields } = readApiError(error);
      if (fields['statement'] || fields['action']) {
        if (fields['action']) form.setError('action', { type: 'server', message: fields['action'] }, { shouldFocus: true });
        if (fields['statement'])
          form.setError('statement', { type: 'server', message: fields['statement'] }, { shouldFocus: !fields['action'] });
        return;
      }
      const message = apiMessage(error, t.decideError);
      if (code === 'CONFLICT' || code === 'NOT_FOUND') {
        // Decided meanwhile: the page reads it again and shows that decision; the message stays in a toast.
        toast.error(message, { id: `decide-${reportId}` });
        onRefused();
        return;
      }
      setFormError(message);
      return;
    }
    toast.success(t.decided, { id: `decide-${reportId}` });
    onDecided();
  });

  const measureLabel = action ? MODERATION_ACTION_LABELS[action as ModerationAction] : '';
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className={styles.choices} aria-describedby={fieldDescribedBy(measuresId, null, errors.action)}>
        <legend className={styles.legend}>{t.measure}</legend>
        {actions.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              value={value}
              aria-invalid={errors.action ? true : undefined}
              {...form.register('action', { validate: (chosen) => actions.includes(chosen as ModerationAction) || t.measureRequired })}
            />
            {MODERATION_ACTION_LABELS[value]}
          </label>
        ))}
        <FieldMessages id={measuresId} error={errors.action?.message} />
      </fieldset>

      <TextAreaField
        label={t.statement}
        rows={6}
        maxLength={MODERATION_LIMITS.statementMax}
        hint={<CountedHint hint={t.statementHint} length={statement.length} max={MODERATION_LIMITS.statementMax} />}
        error={errors.statement?.message}
        {...form.register('statement', { validate: statementError })}
      />

      <FormError message={formError} />

      <ConfirmStep step={confirmStep} lead={t.confirmLead} confirm={t.confirm(measureLabel)} submit={t.decide} busy={isSubmitting} />
    </form>
  );
}
