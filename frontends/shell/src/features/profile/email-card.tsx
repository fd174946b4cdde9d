import { useMutation } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError } from '@popote/auth';
import type { User } from '@popote/graphql';
import { Button, TextField, toast } from '@popote/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { REQUEST_EMAIL_CHANGE } from '../account/account.graphql';
import { changeEmailSchema, type ChangeEmailValues } from '../account/schemas';
import { showServerFieldErrors } from '../../forms/server-errors';
import { accountFr } from '../../i18n/account-texts';
import { Card } from './card';
import styles from './profile-page.module.css';

const t = accountFr;
const FIELDS = ['new_email', 'current_password'] as const;
const EMPTY: ChangeEmailValues = { new_email: '', current_password: '' };

/** The address, whether it is confirmed, and 'Changer d'adresse' (effective once the link sent to the new address is opened). */
export function EmailCard({ user }: { user: User }) {
  const [requestChange] = useMutation(REQUEST_EMAIL_CHANGE);
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailValues>({ resolver: zodResolver(changeEmailSchema), defaultValues: EMPTY });

  const onSubmit = async (input: ChangeEmailValues) => {
    try {
      await requestChange({ variables: { input } });
    } catch (error) {
      const { fields, message } = readApiError(error);
      if (!showServerFieldErrors(fields, FIELDS, setError)) toast.error(message ?? t.changeEmailError, { id: 'email-error' });
      return;
    }
    setPending(input.new_email);
    setEditing(false);
    reset(EMPTY);
  };

  return (
    <Card title={t.emailTitle}>
      <p>
        <span className={styles.muted}>{t.currentEmail} : </span>
        <strong>{user.email}</strong> <span className={styles.badge}>{user.email_verified ? t.verifiedBadge : t.unverifiedBadge}</span>
      </p>
      {pending ? (
        <p className={styles.muted} role="status">
          {t.changeEmailSent(pending)}
        </p>
      ) : null}
      {editing ? (
        <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
          <TextField label={t.newEmail} type="email" autoComplete="email" error={errors.new_email?.message} {...register('new_email')} />
          <TextField
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...register('current_password')}
          />
          <div className={styles.formActions}>
            <Button type="submit" variant="secondary" loading={isSubmitting}>
              {t.changeEmailSubmit}
            </Button>
            <Button variant="outline" onClick={() => setEditing(false)} disabled={isSubmitting}>
              {t.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" onClick={() => setEditing(true)}>
          {t.changeEmail}
        </Button>
      )}
    </Card>
  );
}
