import { readApiError, useSignIn } from '@popote/auth';
import { TextField } from '@popote/ui';
import { Link } from '@popote/router';
import { accountFr } from '../../i18n/account-texts';
import { EMAIL_INPUT, passwordInput, useZodForm } from '../../forms/zod-form';
import { AuthSubmit, handleAuthSubmit, type AuthFormProps } from './auth-shell';
import styles from './auth-page.module.css';
import { signInSchema } from './schemas';
import { frAccount } from '@popote/ui/fr-account';

/** The message of a failed sign-in. */
export function signInErrorMessage(error: unknown): string {
  const { code, message } = readApiError(error);
  if (code === 'INVALID_CREDENTIALS') return frAccount.auth.invalidCredentials;
  if (code === 'RATE_LIMITED' && message) return message;
  return frAccount.auth.authError;
}

export function SignInForm(props: AuthFormProps) {
  const [signIn] = useSignIn();
  const form = useZodForm(signInSchema, { email: '', password: '' });
  const { field } = form;
  const onSubmit = handleAuthSubmit(form, props, ({ email, password }) => signIn(email, password), {
    errorMessage: signInErrorMessage,
    welcome: frAccount.auth.welcome,
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField label={frAccount.auth.email} {...EMAIL_INPUT} {...field('email')} />
      <TextField label={frAccount.auth.password} {...passwordInput('current-password')} {...field('password')} />
      <p className={styles.forgot}>
        <Link to="/forgot-password">{accountFr.forgotLink}</Link>
      </p>
      <AuthSubmit loading={form.formState.isSubmitting}>{frAccount.auth.signInSubmit}</AuthSubmit>
    </form>
  );
}
