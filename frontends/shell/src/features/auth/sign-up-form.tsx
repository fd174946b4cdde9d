import { readApiError, useSignUp } from '@popote/auth';
import { TextField } from '@popote/ui';
import { EMAIL_INPUT, passwordInput, useZodForm } from '../../forms/zod-form';
import { AuthSubmit, handleAuthSubmit, type AuthFormProps } from './auth-shell';
import styles from './auth-page.module.css';
import { PASSWORD_MIN, signUpSchema, type SignUpValues } from './schemas';
import { frAccount } from '@popote/ui/fr-account';

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

export function SignUpForm({ initialType, ...props }: SignUpFormProps) {
  const [signUp] = useSignUp();
  const form = useZodForm(signUpSchema, { email: '', password: '', name: '', username: '', location: '', user_type: initialType });
  const { field, register } = form;
  const onSubmit = handleAuthSubmit(form, props, signUp, { errorMessage: signUpErrorMessage, welcome: frAccount.auth.accountCreated });

  const typeError = form.formState.errors.user_type?.message;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField label={frAccount.auth.email} {...EMAIL_INPUT} {...field('email')} />
      <TextField label={frAccount.auth.password} {...passwordInput('new-password')} minLength={PASSWORD_MIN} {...field('password')} />
      <TextField label={frAccount.auth.fullName} autoComplete="name" {...field('name')} />
      <TextField label={frAccount.auth.username} autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
      <TextField label={frAccount.auth.location} hint={frAccount.auth.locationHint} autoComplete="address-level2" {...field('location')} />
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
      <AuthSubmit loading={form.formState.isSubmitting}>{frAccount.auth.signUpSubmit}</AuthSubmit>
    </form>
  );
}
