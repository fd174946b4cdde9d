import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError, useChangePassword } from '@popote/auth';
import { Button, TextField, toast } from '@popote/ui';
import { useForm } from 'react-hook-form';
import { showServerFieldErrors } from '../../forms/server-errors';
import { Card } from './card';
import styles from './profile-page.module.css';
import { passwordSchema, type PasswordFormValues } from './schemas';
import { frAccount } from '@popote/ui/fr-account';

const PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
const EMPTY: PasswordFormValues = { current_password: '', new_password: '', confirm_password: '' };

export function PasswordCard() {
  const [changePassword] = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormValues>({ resolver: zodResolver(passwordSchema), defaultValues: EMPTY });

  const onSubmit = async (values: PasswordFormValues) => {
    try {
      await changePassword(values);
    } catch (error) {
      showServerFieldErrors(readApiError(error).fields, PASSWORD_FIELDS, setError);
      toast.error(frAccount.profile.passwordError, { id: 'password-error' });
      return;
    }
    reset(EMPTY);
    toast.success(frAccount.profile.passwordChanged, { id: 'password-success' });
  };

  return (
    <Card title={frAccount.profile.passwordTitle}>
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          label={frAccount.profile.currentPassword}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <TextField
          label={frAccount.profile.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <TextField
          label={frAccount.profile.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <div className={styles.formActions}>
          <Button type="submit" variant="secondary" loading={isSubmitting}>
            {frAccount.profile.changePassword}
          </Button>
        </div>
      </form>
    </Card>
  );
}
