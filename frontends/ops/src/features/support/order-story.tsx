import { apiMessage, readApiError } from '@popote/auth';
import { useMutation } from '@popote/graphql';
import { Button, TextField, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { opsFr } from '../../texts';
import { formatAuditTime } from '../journal/audit-labels';
import { FormError } from '../shared/form-parts';
import { SupportResendEmailDocument, type SupportOrderQuery } from './order.generated';
import { SUPPORT_REASON_MAX, useRequestId } from './support-forms';
import { supportFr } from './texts';
import styles from './support.module.css';

const t = supportFr.order;

export type StoryEntry = SupportOrderQuery['supportOrder']['entries'][number];

/** A service's name in French ('payments' → 'Paiements'); an unknown one as it is. */
export const serviceLabel = (service: string): string => t.services[service] ?? service;

/**
 * The entries' React keys: what they are (time, service, kind, email), numbered when two are alike.
 * Not their position: an email sent again inserts a step, and the steps after it keep their state
 * (an open form, the focus on 'Renvoyer').
 */
function entryKeys(entries: readonly StoryEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const base = [entry.at, entry.service, entry.kind, entry.email_id ?? entry.label].join('\n');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}\n${n}`;
  });
}

interface ResendValues {
  reason: string;
}

/**
 * 'Renvoyer' on an email of the story: the reason (written to the audit log, required), then a copy
 * goes to the email's recipient. The request id stays the same while the reason does: a retry after
 * a network error is the same request for notifications (one copy), not a second one.
 */
function Resend({ emailId, label, onSent }: { emailId: string; label: string; onSent: () => void }) {
  const [resend] = useMutation(SupportResendEmailDocument);
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResendValues>({ defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const { idFor, renew } = useRequestId();
  const openButton = useRef<HTMLButtonElement>(null);
  const backToButton = useRef(false);
  const { setFocus } = form;

  useEffect(() => {
    if (open) setFocus('reason');
    else if (backToButton.current) openButton.current?.focus();
    backToButton.current = false;
  }, [open, setFocus]);

  const close = () => {
    backToButton.current = true;
    setOpen(false);
    setFormError(null);
    form.reset();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const reason = values.reason.trim();
    try {
      await resend({ variables: { email_id: emailId, request_id: idFor(reason), reason } });
    } catch (error) {
      const { fields } = readApiError(error);
      if (fields['reason']) {
        form.setError('reason', { type: 'server', message: fields['reason'] }, { shouldFocus: true });
        return;
      }
      // A refusal (still being sent, no recipient any more) is the services' French message.
      setFormError(apiMessage(error, t.resendError));
      return;
    }
    // Sent: 'Renvoyer' again is another copy, hence another request.
    renew();
    toast.success(t.resent, { id: `resend-${emailId}` });
    close();
    onSent();
  });

  if (!open) {
    return (
      <div className={styles.actions}>
        <Button ref={openButton} variant="outline" onClick={() => setOpen(true)}>
          {t.resend}
          <span className="pp-visually-hidden">{t.resendWhat(label)}</span>
        </Button>
      </div>
    );
  }
  return (
    <form className={styles.resend} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t.resendReason}
        hint={t.resendHint}
        autoComplete="off"
        maxLength={SUPPORT_REASON_MAX}
        error={errors.reason?.message}
        {...form.register('reason', {
          validate: (value) => {
            const length = value.trim().length;
            if (length === 0) return t.resendRequired;
            return length <= SUPPORT_REASON_MAX || t.resendMax;
          },
        })}
      />
      <FormError message={formError} />
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {t.resendSubmit}
        </Button>
        <Button variant="outline" onClick={close} disabled={isSubmitting}>
          {opsFr.common.cancel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The order's story, in the order things happened (each service's steps merged by the BFF): the
 * time in Paris to the second, the service, what happened and its detail; 'Renvoyer' on the emails.
 */
export function OrderStory({ entries, onChanged }: { entries: readonly StoryEntry[]; onChanged: () => void }) {
  if (entries.length === 0) return <p className={styles.muted}>{t.storyEmpty}</p>;
  const keys = entryKeys(entries);
  return (
    <ol className={styles.story}>
      {entries.map((entry, index) => (
        <li key={keys[index]} className={styles.entry} data-testid="story-entry">
          <p className={styles.entryHead}>
            <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
            <span className={styles.service}>{serviceLabel(entry.service)}</span>
          </p>
          <p className={styles.entryLabel}>{entry.label}</p>
          {entry.detail ? <p className={styles.text}>{entry.detail}</p> : null}
          {entry.email_id ? <Resend emailId={entry.email_id} label={entry.label} onSent={onChanged} /> : null}
        </li>
      ))}
    </ol>
  );
}
