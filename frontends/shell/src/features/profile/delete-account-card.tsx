import { useGraphQLClient, useMutation } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError } from '@popote/auth';
import { Button, TextField, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@popote/router';
import { DELETE_ACCOUNT } from '../account/account.graphql';
import { deleteSchema, type DeleteValues } from '../account/schemas';
import { showServerFieldErrors } from '../../forms/server-errors';
import { accountFr } from '../../i18n/account-texts';
import { Card } from './card';
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
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DeleteValues>({ resolver: zodResolver(deleteSchema), defaultValues: { password: '' } });

  useEffect(() => {
    if (confirming) panel.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    setRefusal(null);
    reset({ password: '' });
  };

  const onSubmit = async ({ password }: DeleteValues) => {
    setRefusal(null);
    try {
      await deleteAccount({ variables: { password } });
    } catch (error) {
      const { fields, message, code } = readApiError(error);
      if (showServerFieldErrors(fields, ['password'], setError)) return;
      if (code === 'CONFLICT' && message) setRefusal(message);
      else toast.error(message ?? t.deleteError, { id: 'delete-error' });
      return;
    }
    toast.success(t.deleted, { id: 'delete-success' });
    navigate('/', { replace: true });
    await client.resetStore().catch(() => undefined);
  };

  return (
    <Card title={t.deleteTitle}>
      <p className={styles.muted}>{t.deleteLead}</p>
      {confirming ? (
        <div ref={panel} className={styles.confirm} role="group" aria-labelledby="delete-confirm-text" tabIndex={-1}>
          <p id="delete-confirm-text" className={styles.confirmText}>
            {t.deleteConfirmText}
          </p>
          <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
            <TextField
              label={t.deletePassword}
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
            {refusal ? (
              <p className={styles.formError} role="alert">
                {refusal}
              </p>
            ) : null}
            <div className={styles.formActions}>
              <Button type="submit" variant="primary" loading={isSubmitting}>
                {t.deleteConfirm}
              </Button>
              <Button variant="outline" onClick={cancel} disabled={isSubmitting}>
                {t.cancel}
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {t.deleteButton}
        </Button>
      )}
    </Card>
  );
}
