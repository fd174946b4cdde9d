import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError, useSignIn } from '@popote/auth';
import { Button, TextField, toast } from '@popote/ui';
import { useForm } from 'react-hook-form';
import { Link } from '@popote/router';
import { accountFr } from '../../i18n/account-texts';
import { showServerFieldErrors } from '../../forms/server-errors';
import styles from './auth-page.module.css';
import { signInSchema, type SignInValues } from './schemas';
import { frAccount } from '@popote/ui/fr-account';

export interface AuthFormProps {
  /** Called before the request leaves and after it ends (ok = signed in). */
  onSubmitStart: () => void;
  onSubmitEnd: (ok: boolean) => void;
  onSuccess: () => void;
}

/** Spec §8: the message of a failed sign-in. */
export function signInErrorMessage(error: unknown): string {
  const { code, message } = readApiError(error);
  if (code === 'INVALID_CREDENTIALS') return frAccount.auth.invalidCredentials;
  if (code === 'RATE_LIMITED' && message) return message;
  return frAccount.auth.authError;
}

export function SignInForm({ onSubmitStart, onSubmitEnd, onSuccess }: AuthFormProps) {
  const [signIn] = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = async ({ email, password }: SignInValues) => {
    onSubmitStart();
    try {
      await signIn(email, password);
    } catch (error) {
      onSubmitEnd(false);
      showServerFieldErrors(readApiError(error).fields, ['email', 'password'], setError);
      toast.error(signInErrorMessage(error), { id: 'auth-error' });
      return;
    }
    onSubmitEnd(true);
    toast.dismiss('auth-error');
    toast.success(frAccount.auth.welcome, { id: 'auth-success' });
    onSuccess();
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        label={frAccount.auth.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={frAccount.auth.password}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <p className={styles.forgot}>
        <Link to="/forgot-password">{accountFr.forgotLink}</Link>
      </p>
      <Button type="submit" variant="primary" size="lg" fullWidth loading={isSubmitting}>
        {frAccount.auth.signInSubmit}
      </Button>
    </form>
  );
}
