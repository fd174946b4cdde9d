import { useGraphQLClient, useMutation } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError } from '@popote/auth';
import { Button, buttonClassName, fr, Notice, TextField, toast } from '@popote/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from '@popote/router';
import { showServerFieldErrors } from '../../forms/server-errors';
import { accountFr } from '../../i18n/account-texts';
import authStyles from '../auth/auth-page.module.css';
import { RESET_PASSWORD } from './account.graphql';
import styles from './account-pages.module.css';
import { resetSchema, type ResetValues } from './schemas';

const t = accountFr;
const FIELDS = ['new_password', 'confirm_password'] as const;

/** /reset-password?token=… (the emailed link, valid 30 minutes, once): a new password, every session closed. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useGraphQLClient();
  const [reset] = useMutation(RESET_PASSWORD);
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ resolver: zodResolver(resetSchema), defaultValues: { new_password: '', confirm_password: '' } });

  if (!token) {
    return (
      <div className="pp-page">
        <title>{`${t.resetTitle} · ${fr.brand}`}</title>
        <Notice
          title={t.resetTitle}
          titleAs="h1"
          tone="error"
          message={t.missingToken}
          actions={
            <Link to="/forgot-password" className={buttonClassName({ variant: 'primary' })}>
              {t.newLink}
            </Link>
          }
        />
      </div>
    );
  }

  const onSubmit = async (values: ResetValues) => {
    try {
      await reset({ variables: { input: { token, ...values } } });
    } catch (error) {
      const { fields, message, code } = readApiError(error);
      if (!showServerFieldErrors(fields, FIELDS, setError) && code === 'VALIDATION_FAILED' && message) setLinkError(message);
      else toast.error(message ?? t.resetError, { id: 'reset-error' });
      return;
    }
    setDone(true);
    // Every session of the account is closed, this browser's too: forget who was signed in.
    await client.resetStore().catch(() => undefined);
  };

  return (
    <div className={`pp-page ${authStyles.page}`}>
      <title>{`${t.resetTitle} · ${fr.brand}`}</title>
      <section className={authStyles.card} aria-labelledby="reset-title">
        <h1 id="reset-title" className={authStyles.title}>
          {t.resetTitle}
        </h1>
        {done ? (
          <>
            <p className={styles.done} role="status">
              {t.resetDone}
            </p>
            <Link to="/auth" className={buttonClassName({ variant: 'primary' })}>
              {t.signIn}
            </Link>
          </>
        ) : linkError ? (
          <>
            <p className={authStyles.error} role="alert">
              {linkError}
            </p>
            <Link to="/forgot-password" className={buttonClassName({ variant: 'primary' })}>
              {t.newLink}
            </Link>
          </>
        ) : (
          <>
            <p className={authStyles.lead}>{t.resetLead}</p>
            <form className={authStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
              <TextField
                label={t.newPassword}
                type="password"
                autoComplete="new-password"
                error={errors.new_password?.message}
                {...register('new_password')}
              />
              <TextField
                label={t.confirmPassword}
                type="password"
                autoComplete="new-password"
                error={errors.confirm_password?.message}
                {...register('confirm_password')}
              />
              <Button type="submit" variant="primary" size="lg" fullWidth loading={isSubmitting}>
                {t.resetSubmit}
              </Button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
