import { Button } from '@popote/ui';
import { useEffect, useId, useRef, useState, type DependencyList, type ReactNode } from 'react';
import { opsFr } from '../../texts';
import styles from './forms.module.css';

/** A form's own error (a refusal that names no field), announced as it appears; nothing without one. */
export function FormError({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={className ? `${styles.formError} ${className}` : styles.formError}>
      {message}
    </p>
  );
}

/** A field's hint followed by its counter ('12 / 500 caractères'), which never breaks across lines. */
export function CountedHint({ hint, length, max }: { hint: ReactNode; length: number; max: number }) {
  return (
    <>
      {hint} <span className={styles.counter}>{opsFr.common.counter(length, max)}</span>
    </>
  );
}

/**
 * The confirmation step of a form whose submission cannot be undone: the first submission asks
 * (`ask`), the confirmation button takes the focus, and the second submission does it. Any change
 * of `watched` (the values the confirmation names) asks again. `leave(true)` goes back to the
 * submit button with the focus ('Annuler', a refusal shown in the form); `leave()` leaves the focus
 * to the caller (a field with the services' error).
 */
export function useConfirmStep(watched: DependencyList) {
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const backToSubmit = useRef(false);
  const confirmId = useId();

  // Other values: the confirmation is asked again. The caller's values are this effect's dependencies.
  useEffect(() => setConfirming(false), watched);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (backToSubmit.current) submitButton.current?.focus();
    backToSubmit.current = false;
  }, [confirming]);

  const leave = (focusSubmit = false) => {
    backToSubmit.current = focusSubmit;
    setConfirming(false);
  };
  return { confirming, ask: () => setConfirming(true), leave, confirmButton, submitButton, confirmId };
}

export type ConfirmStepState = ReturnType<typeof useConfirmStep>;

export interface ConfirmStepProps {
  step: ConfirmStepState;
  /** What the confirmation asks, which describes its button. */
  lead: ReactNode;
  /** The confirmation button ('Confirmer …', naming what is done). */
  confirm: ReactNode;
  /** The form's submit button, before the confirmation. */
  submit: ReactNode;
  busy: boolean;
}

/** A form's buttons: its submit button, or once asked the confirmation (a danger button naming what is done) and 'Annuler'. */
export function ConfirmStep({ step, lead, confirm, submit, busy }: ConfirmStepProps) {
  if (!step.confirming) {
    return (
      <div className={styles.actions}>
        <Button ref={step.submitButton} type="submit" loading={busy}>
          {submit}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.confirm}>
      <p id={step.confirmId}>{lead}</p>
      <div className={styles.actions}>
        <Button ref={step.confirmButton} type="submit" variant="danger" loading={busy} aria-describedby={step.confirmId}>
          {confirm}
        </Button>
        <Button variant="outline" onClick={() => step.leave(true)} disabled={busy}>
          {opsFr.common.cancel}
        </Button>
      </div>
    </div>
  );
}
