import { useChangePassword } from '@popote/auth';
import { TextField, toast } from '@popote/ui';
import { passwordInput, useZodForm } from '../../forms/zod-form';
import { Card, FormActions } from './card';
import styles from './profile-page.module.css';
import { passwordSchema, type PasswordFormValues } from './schemas';
import { frAccount } from '@popote/ui/fr-account';

const EMPTY: PasswordFormValues = { current_password: '', new_password: '', confirm_password: '' };

export function PasswordCard() {
  const [changePassword] = useChangePassword();
  const form = useZodForm(passwordSchema, EMPTY);
  const { field } = form;

  const onSubmit = form.submitWith(changePassword, {
    failed: () => toast.error(frAccount.profile.passwordError, { id: 'password-error' }),
    sent: () => {
      form.reset(EMPTY);
      toast.success(frAccount.profile.passwordChanged, { id: 'password-success' });
    },
  });

  return (
    <Card title={frAccount.profile.passwordTitle}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField label={frAccount.profile.currentPassword} {...passwordInput('current-password')} {...field('current_password')} />
        <TextField label={frAccount.profile.newPassword} {...passwordInput('new-password')} {...field('new_password')} />
        <TextField label={frAccount.profile.confirmPassword} {...passwordInput('new-password')} {...field('confirm_password')} />
        <FormActions submit={frAccount.profile.changePassword} variant="secondary" loading={form.formState.isSubmitting} />
      </form>
    </Card>
  );
}
