import { readApiError } from '@popote/auth';
import { useMutation } from '@popote/graphql';
import { TextField, toast } from '@popote/ui';
import { useState } from 'react';
import { Link } from '@popote/router';
import { accountFr } from '../../i18n/account-texts';
import { EMAIL_INPUT, useZodForm } from '../../forms/zod-form';
import { AuthShell, AuthSubmit } from '../auth/auth-shell';
import authStyles from '../auth/auth-page.module.css';
import { REQUEST_PASSWORD_RESET } from './account.graphql';
import styles from './account-pages.module.css';
import { forgotSchema, type ForgotValues } from './schemas';
import { frAccount } from '@popote/ui/fr-account';

const t = accountFr;

/** /forgot-password: 'Mot de passe oublié ?' — the same answer whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [request] = useMutation(REQUEST_PASSWORD_RESET);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(forgotSchema, { email: '' });

  const onSubmit = async ({ email }: ForgotValues) => {
    try {
      await request({ variables: { email } });
    } catch (error) {
      const { code, message } = readApiError(error);
      toast.error(code === 'RATE_LIMITED' && message ? message : (message ?? t.forgotError), { id: 'forgot-error' });
      return;
    }
    toast.dismiss('forgot-error');
    setSentTo(email);
  };

  return (
    <AuthShell title={t.forgotTitle} titleId="forgot-title">
      {sentTo ? (
        <p className={styles.done} role="status">
          {t.forgotSent(sentTo)}
        </p>
      ) : (
        <>
          <p className={authStyles.lead}>{t.forgotLead}</p>
          <form className={authStyles.form} onSubmit={form.handleSubmit(onSubmit)} noValidate>
            <TextField label={frAccount.auth.email} {...EMAIL_INPUT} {...form.field('email')} />
            <AuthSubmit loading={form.formState.isSubmitting}>{t.forgotSubmit}</AuthSubmit>
          </form>
        </>
      )}
      <p className={authStyles.switch}>
        <Link to="/auth">{t.backToSignIn}</Link>
      </p>
    </AuthShell>
  );
}
