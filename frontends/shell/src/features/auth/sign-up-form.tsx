import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError, useSignUp } from '@popote/auth';
import { Button, TextField, toast } from '@popote/ui';
import { useForm } from 'react-hook-form';
import { showServerFieldErrors } from '../../forms/server-errors';
import styles from './auth-page.module.css';
import { PASSWORD_MIN, signUpSchema, type SignUpValues } from './schemas';
import type { AuthFormProps } from './sign-in-form';
import { frAccount } from '@popote/ui/fr-account';

const SIGN_UP_FIELDS = ['email', 'password', 'name', 'username', 'location', 'user_type'] as const;

/** Codes whose French message says exactly what to fix; anything else gets the generic text. */
const SHOWN_CODES = new Set(['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED']);

export function signUpErrorMessage(error: unknown): string {
  const { code, message } = readApiError(error);
  if (code && SHOWN_CODES.has(code) && message) return message;
  return frAccount.auth.signUpError;
}

export interface SignUpFormProps extends AuthFormProps {
  initialType: SignUpValues['user_type'];
}

const ACCOUNT_TYPES = [
  { value: 'consumer', label: frAccount.auth.consumerChoice, hint: frAccount.auth.consumerChoiceHint },
  { value: 'cook', label: frAccount.auth.cookChoice, hint: frAccount.auth.cookChoiceHint },
] as const;

export function SignUpForm({ initialType, onSubmitStart, onSubmitEnd, onSuccess }: SignUpFormProps) {
  const [signUp] = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', name: '', username: '', location: '', user_type: initialType },
  });

  const onSubmit = async (values: SignUpValues) => {
    onSubmitStart();
    try {
      await signUp(values);
    } catch (error) {
      onSubmitEnd(false);
      showServerFieldErrors(readApiError(error).fields, SIGN_UP_FIELDS, setError);
      toast.error(signUpErrorMessage(error), { id: 'auth-error' });
      return;
    }
    onSubmitEnd(true);
    toast.dismiss('auth-error');
    toast.success(frAccount.auth.accountCreated, { id: 'auth-success' });
    onSuccess();
  };

  const typeError = errors.user_type?.message;

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
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField label={frAccount.auth.fullName} autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label={frAccount.auth.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={frAccount.auth.location}
        hint={frAccount.auth.locationHint}
        autoComplete="address-level2"
        error={errors.location?.message}
        {...register('location')}
      />
      <fieldset
        className={styles.choices}
        aria-invalid={typeError ? true : undefined}
        aria-describedby={typeError ? 'user-type-error' : undefined}
      >
        <legend className={styles.legend}>{frAccount.auth.accountType}</legend>
        {ACCOUNT_TYPES.map(({ value, label, hint }) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              value={value}
              aria-labelledby={`user-type-${value}`}
              aria-describedby={`user-type-${value}-hint`}
              {...register('user_type')}
            />
            <span className={styles.choiceText}>
              <span id={`user-type-${value}`} className={styles.choiceLabel}>
                {label}
              </span>
              <span id={`user-type-${value}-hint`} className={styles.choiceHint}>
                {hint}
              </span>
            </span>
          </label>
        ))}
        {typeError ? (
          <p id="user-type-error" className={styles.error}>
            {typeError}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" variant="primary" size="lg" fullWidth loading={isSubmitting}>
        {frAccount.auth.signUpSubmit}
      </Button>
    </form>
  );
}
