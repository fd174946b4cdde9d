import { useMutation } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError } from '@popote/auth';
import { Button, fr, TextField, toast } from '@popote/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@popote/router';
import { accountFr } from '../../i18n/account-texts';
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
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });

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
    <div className={`pp-page ${authStyles.page}`}>
      <title>{`${t.forgotTitle} · ${fr.brand}`}</title>
      <section className={authStyles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={authStyles.title}>
          {t.forgotTitle}
        </h1>
        {sentTo ? (
          <p className={styles.done} role="status">
            {t.forgotSent(sentTo)}
          </p>
        ) : (
          <>
            <p className={authStyles.lead}>{t.forgotLead}</p>
            <form className={authStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
              <TextField
                label={frAccount.auth.email}
                type="email"
                autoComplete="email"
                inputMode="email"
                error={errors.email?.message}
                {...register('email')}
              />
              <Button type="submit" variant="primary" size="lg" fullWidth loading={isSubmitting}>
                {t.forgotSubmit}
              </Button>
            </form>
          </>
        )}
        <p className={authStyles.switch}>
          <Link to="/auth">{t.backToSignIn}</Link>
        </p>
      </section>
    </div>
  );
}
