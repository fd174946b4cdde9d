import { zodResolver } from '@hookform/resolvers/zod';
import { apiMessage, showFieldErrors, useAuth } from '@popote/auth';
import { useMutation } from '@popote/graphql';
import { Button, FieldMessages, fieldDescribedBy, Spinner, TextAreaField, TextField } from '@popote/ui';
import { MODERATION_LIMITS, REPORT_REASON_LABELS, REPORT_REASONS, type ReportTarget } from '@popote/rules';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ReportContentDocument } from './report.generated';
import { EMPTY_REPORT, makeReportFormSchema, type ReportFormOutput, type ReportFormValues } from './report-schema';
import { reportFr as t } from './texts';
import styles from './report.module.css';

/** What is reported: its kind and id, its name as the page shows it, and for a review the cook whose page shows it. */
export interface ReportSubject {
  kind: ReportTarget;
  id: string;
  label: string;
  cookId?: string;
}

export interface ReportDialogProps {
  subject: ReportSubject;
  /** Closes the dialog (Escape, 'Annuler', 'Fermer'): the opener gives the focus back to its button. */
  onClose: () => void;
}

/** The form's fields, in their order: the BFF's `extensions.fields` for them are shown next to them. */
const FIELDS = ['reason', 'explanation', 'contact_email'] as const;

/**
 * 'Signaler un contenu' (DSA Art. 16): a modal dialog with the reason, the explanation, the address
 * when signed out (signed in, the account's is used) and the certification that the report is
 * accurate, then `reportContent`; once sent, the thanks inside the dialog with 'Fermer'.
 */
export function ReportDialog({ subject, onClose }: ReportDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const legalId = useId();
  const auth = useAuth();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    // A browser without modal dialogs (or jsdom) still shows it, open in the page.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  let body;
  if (sent) body = <Thanks onClose={onClose} />;
  // Whether to ask for an address depends on who is there: the nav bar asked already, so this is short.
  else if (auth.status === 'loading') body = <Spinner size="lg" label={t.loading} showLabel />;
  else {
    const signedIn = auth.status === 'signed-in';
    body = (
      <ReportForm
        // Signing in or out in another tab meanwhile: a form with the other rules.
        key={signedIn ? 'signed-in' : 'signed-out'}
        subject={subject}
        accountEmail={signedIn ? auth.user.email : null}
        onClose={onClose}
        onSent={() => setSent(true)}
      />
    );
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={legalId}
      // Escape: the browser's `cancel`, or the key itself where modal dialogs are missing.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {t.title}
      </h2>
      <p className={styles.subject}>{t.subject[subject.kind](subject.label)}</p>
      <p id={legalId} className={styles.legal}>
        {t.legal}
      </p>
      {body}
    </dialog>
  );
}

/** Sent: the thanks, read out first (it takes the focus), and 'Fermer'. */
function Thanks({ onClose }: { onClose: () => void }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <>
      <p ref={message} tabIndex={-1} className={styles.thanks}>
        {t.sent}
      </p>
      <div className={styles.actions}>
        <Button onClick={onClose}>{t.close}</Button>
      </div>
    </>
  );
}

function ReportForm({
  subject,
  accountEmail,
  onClose,
  onSent,
}: {
  subject: ReportSubject;
  /** Signed in: the account's address (no field); null: signed out, the field is required. */
  accountEmail: string | null;
  onClose: () => void;
  onSent: () => void;
}) {
  const signedIn = accountEmail !== null;
  const [report] = useMutation(ReportContentDocument);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => makeReportFormSchema(signedIn), [signedIn]);
  const form = useForm<ReportFormValues, unknown, ReportFormOutput>({ resolver: zodResolver(schema), defaultValues: EMPTY_REPORT });
  const { errors, isSubmitting } = form.formState;
  const explanation = useWatch({ control: form.control, name: 'explanation' }) ?? '';
  const reasonsId = useId();
  const certifyId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await report({
        variables: {
          input: { target_kind: subject.kind, target_id: subject.id, ...(subject.cookId ? { cook_id: subject.cookId } : {}), ...values },
        },
      });
    } catch (error) {
      const shown = showFieldErrors(form.setError, error, signedIn ? FIELDS.filter((name) => name !== 'contact_email') : FIELDS);
      // Already reported, too many open, gone meanwhile, too many at once: the BFF's French message, in the form.
      if (!shown) setFormError(apiMessage(error, t.error));
      return;
    }
    onSent();
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className={styles.reasons} aria-describedby={fieldDescribedBy(reasonsId, null, errors.reason)}>
        <legend className={styles.legend}>{t.reason}</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className={styles.choice}>
            <input type="radio" value={reason} aria-invalid={errors.reason ? true : undefined} {...form.register('reason')} />
            {REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        <FieldMessages id={reasonsId} error={errors.reason?.message} />
      </fieldset>

      <TextAreaField
        label={t.explanation}
        rows={5}
        maxLength={MODERATION_LIMITS.explanationMax}
        hint={
          <>
            {t.explanationHint} <span className={styles.counter}>{t.counter(explanation.length, MODERATION_LIMITS.explanationMax)}</span>
          </>
        }
        error={errors.explanation?.message}
        {...form.register('explanation')}
      />

      {signedIn ? (
        <p className={styles.muted}>{t.signedInEmail(accountEmail)}</p>
      ) : (
        <TextField
          label={t.email}
          hint={t.emailHint}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.contact_email?.message}
          {...form.register('contact_email')}
        />
      )}

      <div className={styles.certify}>
        <label className={styles.choice}>
          <input
            type="checkbox"
            aria-invalid={errors.certified ? true : undefined}
            aria-describedby={fieldDescribedBy(certifyId, null, errors.certified)}
            {...form.register('certified')}
          />
          {t.certify}
        </label>
        <FieldMessages id={certifyId} error={errors.certified?.message} />
      </div>

      {formError ? (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      ) : null}

      <div className={styles.actions}>
        <Button variant="outline" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
