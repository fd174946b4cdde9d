import { Button, fr, Section, toast } from '@popote/ui';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ZodForm } from '../../forms/zod-form';
import styles from './auth-page.module.css';

/**
 * The card of /auth and of the account pages ('Mot de passe oublié', 'Nouveau mot de passe', the
 * email confirmation): the document title, the heading (naming the card) and what comes under it.
 */
export function AuthShell({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  return (
    <div className={`pp-page ${styles.page}`}>
      <title>{`${title} · ${fr.brand}`}</title>
      <Section level={1} titleId={titleId} title={title} classNames={{ section: styles.card, title: styles.title }}>
        {children}
      </Section>
    </div>
  );
}

/** The full-width submit button of those cards. */
export function AuthSubmit({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" size="lg" fullWidth loading={loading}>
      {children}
    </Button>
  );
}

export interface AuthFormProps {
  /** Called before the request leaves and after it ends (ok = signed in). */
  onSubmitStart: () => void;
  onSubmitEnd: (ok: boolean) => void;
  onSuccess: () => void;
}

/**
 * The submit handler of the sign-in and sign-up forms: the page is told when the request starts
 * and ends; a refusal shows next to the fields and as the 'auth-error' toast, a success as `welcome`.
 */
export function handleAuthSubmit<T extends FieldValues>(
  form: ZodForm<T, T>,
  { onSubmitStart, onSubmitEnd, onSuccess }: AuthFormProps,
  send: (values: T) => Promise<unknown>,
  { errorMessage, welcome }: { errorMessage: (error: unknown) => string; welcome: string },
) {
  const start = (values: T) => {
    onSubmitStart();
    return send(values);
  };
  return form.submitWith(start, {
    failed: (_read, error) => {
      onSubmitEnd(false);
      toast.error(errorMessage(error), { id: 'auth-error' });
    },
    sent: () => {
      onSubmitEnd(true);
      toast.dismiss('auth-error');
      toast.success(welcome, { id: 'auth-success' });
      onSuccess();
    },
  });
}
