import { useGraphQLClient, useMutation } from '@popote/graphql';
import { Button, TextField, toast } from '@popote/ui';
import { useState } from 'react';
import { useNavigate } from '@popote/router';
import { DELETE_ACCOUNT } from '../account/account.graphql';
import { deleteSchema, type DeleteValues } from '../account/schemas';
import { passwordInput, useZodForm } from '../../forms/zod-form';
import { accountFr } from '../../i18n/account-texts';
import { Card, FormActions, FormError, useCardPanel } from './card';
import styles from './profile-page.module.css';

const t = accountFr;

/**
 * 'Supprimer mon compte' (GDPR art. 17), confirmed with the password in a panel. Refused with the
 * server's French reason while an order is in progress; afterwards the session is gone.
 */
export function DeleteAccountCard() {
  const [deleteAccount] = useMutation(DELETE_ACCOUNT);
  const client = useGraphQLClient();
  const navigate = useNavigate();
  const confirming = useCardPanel();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useZodForm(deleteSchema, { password: '' });

  const cancel = () => {
    confirming.close();
    setRefusal(null);
    form.reset({ password: '' });
  };

  const send = ({ password }: DeleteValues) => {
    setRefusal(null);
    return deleteAccount({ variables: { password } });
  };
  const onSubmit = form.submitWith(send, {
    failed: ({ shownOnFields, message, code }) => {
      if (shownOnFields) return;
      if (code === 'CONFLICT' && message) setRefusal(message);
      else toast.error(message ?? t.deleteError, { id: 'delete-error' });
    },
    sent: async () => {
      toast.success(t.deleted, { id: 'delete-success' });
      navigate('/', { replace: true });
      await client.resetStore().catch(() => undefined);
    },
  });

  return (
    <Card title={t.deleteTitle}>
      <p className={styles.muted}>{t.deleteLead}</p>
      {confirming.open ? (
        <div ref={confirming.panel} className={styles.confirm} role="group" aria-labelledby="delete-confirm-text" tabIndex={-1}>
          <p id="delete-confirm-text" className={styles.confirmText}>
            {t.deleteConfirmText}
          </p>
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            <TextField label={t.deletePassword} {...passwordInput('current-password')} {...form.field('password')} />
            <FormError message={refusal} />
            <FormActions submit={t.deleteConfirm} loading={form.formState.isSubmitting} onCancel={cancel} />
          </form>
        </div>
      ) : (
        <Button variant="outline" onClick={confirming.show}>
          {t.deleteButton}
        </Button>
      )}
    </Card>
  );
}
