import { useMutation } from '@popote/graphql';
import type { User } from '@popote/graphql';
import { Button, TextField, toast } from '@popote/ui';
import { useState } from 'react';
import { REQUEST_EMAIL_CHANGE } from '../account/account.graphql';
import { changeEmailSchema, type ChangeEmailValues } from '../account/schemas';
import { passwordInput, useZodForm } from '../../forms/zod-form';
import { accountFr } from '../../i18n/account-texts';
import { Card, FormActions, useCardPanel } from './card';
import styles from './profile-page.module.css';

const t = accountFr;
const EMPTY: ChangeEmailValues = { new_email: '', current_password: '' };

/** The address, whether it is confirmed, and 'Changer d'adresse' (effective once the link sent to the new address is opened). */
export function EmailCard({ user }: { user: User }) {
  const [requestChange] = useMutation(REQUEST_EMAIL_CHANGE);
  const editing = useCardPanel();
  const [pending, setPending] = useState<string | null>(null);
  const form = useZodForm(changeEmailSchema, EMPTY);
  const { field } = form;

  const onSubmit = form.submitWith((input) => requestChange({ variables: { input } }), {
    failed: ({ shownOnFields, message }) => {
      if (!shownOnFields) toast.error(message ?? t.changeEmailError, { id: 'email-error' });
    },
    sent: (input) => {
      setPending(input.new_email);
      editing.close();
      form.reset(EMPTY);
    },
  });

  return (
    <Card title={t.emailTitle}>
      <p>
        <span className={styles.muted}>{t.currentEmail} : </span>
        <strong>{user.email}</strong> <span className={styles.badge}>{user.email_verified ? t.verifiedBadge : t.unverifiedBadge}</span>
      </p>
      {pending ? (
        <p className={styles.muted} role="status">
          {t.changeEmailSent(pending)}
        </p>
      ) : null}
      {editing.open ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField label={t.newEmail} type="email" autoComplete="email" {...field('new_email')} />
          <TextField label={t.currentPassword} {...passwordInput('current-password')} {...field('current_password')} />
          <FormActions submit={t.changeEmailSubmit} variant="secondary" loading={form.formState.isSubmitting} onCancel={editing.close} />
        </form>
      ) : (
        <Button variant="outline" onClick={editing.show}>
          {t.changeEmail}
        </Button>
      )}
    </Card>
  );
}
