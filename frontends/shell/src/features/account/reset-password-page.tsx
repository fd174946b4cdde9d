import { useGraphQLClient, useMutation } from '@popote/graphql';
import { buttonClassName, TextField, toast } from '@popote/ui';
import { useState } from 'react';
import { Link, useSearchParams } from '@popote/router';
import { passwordInput, useZodForm } from '../../forms/zod-form';
import { accountFr } from '../../i18n/account-texts';
import { NoticePage } from '../../pages/notice-page';
import { AuthShell, AuthSubmit } from '../auth/auth-shell';
import authStyles from '../auth/auth-page.module.css';
import { RESET_PASSWORD } from './account.graphql';
import styles from './account-pages.module.css';
import { resetSchema, type ResetValues } from './schemas';

const t = accountFr;

/** /reset-password?token=… (the emailed link, valid 30 minutes, once): a new password, every session closed. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useGraphQLClient();
  const [reset] = useMutation(RESET_PASSWORD);
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useZodForm(resetSchema, { new_password: '', confirm_password: '' });
  const { field } = form;

  if (!token) {
    return (
      <NoticePage
        title={t.resetTitle}
        tone="error"
        message={t.missingToken}
        actions={
          <Link to="/forgot-password" className={buttonClassName({ variant: 'primary' })}>
            {t.newLink}
          </Link>
        }
      />
    );
  }

  const onSubmit = form.submitWith((values: ResetValues) => reset({ variables: { input: { token, ...values } } }), {
    failed: ({ shownOnFields, message, code }) => {
      if (!shownOnFields && code === 'VALIDATION_FAILED' && message) setLinkError(message);
      else toast.error(message ?? t.resetError, { id: 'reset-error' });
    },
    sent: async () => {
      setDone(true);
      // Every session of the account is closed, this browser's too: forget who was signed in.
      await client.resetStore().catch(() => undefined);
    },
  });

  return (
    <AuthShell title={t.resetTitle} titleId="reset-title">
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
          <form className={authStyles.form} onSubmit={onSubmit} noValidate>
            <TextField label={t.newPassword} {...passwordInput('new-password')} {...field('new_password')} />
            <TextField label={t.confirmPassword} {...passwordInput('new-password')} {...field('confirm_password')} />
            <AuthSubmit loading={form.formState.isSubmitting}>{t.resetSubmit}</AuthSubmit>
          </form>
        </>
      )}
    </AuthShell>
  );
}
