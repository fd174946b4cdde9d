import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError, useUpdateProfile } from '@popote/auth';
import type { User } from '@popote/graphql';
import { Button, TextAreaField, TextField, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { showServerFieldErrors } from '../../forms/server-errors';
import { Card } from './card';
import styles from './profile-page.module.css';
import { profileFormValues, profileSchema, toProfileInput, type ProfileFormValues } from './schemas';
import { frAccount } from '@popote/ui/fr-account';

const PROFILE_FIELDS = ['name', 'username', 'location', 'bio', 'avatar_url'] as const;

export function PersonalInfoCard({ user, isCook }: { user: User; isCook: boolean }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Back from the form, the keyboard focus returns to 'Modifier'.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <Card
      title={frAccount.profile.personalInfo}
      actions={
        editing ? null : (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            {frAccount.profile.edit}
          </Button>
        )
      }
    >
      {editing ? <PersonalInfoForm user={user} onDone={close} /> : <PersonalInfoView user={user} isCook={isCook} />}
    </Card>
  );
}

function PersonalInfoView({ user, isCook }: { user: User; isCook: boolean }) {
  const rows: Array<[string, string]> = [
    [frAccount.profile.name, user.name],
    [frAccount.profile.username, `@${user.username}`],
    [frAccount.profile.email, user.email],
    [frAccount.profile.location, user.location || frAccount.profile.notProvided],
    [frAccount.profile.bio, user.bio || frAccount.profile.noBio],
    [frAccount.profile.status, isCook ? frAccount.profile.cook : frAccount.profile.consumer],
  ];
  return (
    <dl className={styles.details}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.detail}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PersonalInfoForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [updateProfile] = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({ resolver: zodResolver(profileSchema), defaultValues: profileFormValues(user) });

  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = async (values: ProfileFormValues) => {
    setFormError(null);
    try {
      await updateProfile(toProfileInput(values));
    } catch (error) {
      const { code, message, fields } = readApiError(error);
      const shownOnFields = showServerFieldErrors(fields, PROFILE_FIELDS, setError);
      // A precise French reason that no field carries (a taken username...) stays readable in the form.
      if (!shownOnFields && message && (code === 'VALIDATION_FAILED' || code === 'CONFLICT')) setFormError(message);
      toast.error(frAccount.profile.updateError, { id: 'profile-error' });
      return;
    }
    toast.success(frAccount.profile.updated, { id: 'profile-success' });
    onDone();
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField label={frAccount.profile.name} autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label={frAccount.profile.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      {/* Shown for reference only: the email is not part of the update. */}
      <TextField label={frAccount.profile.email} type="email" value={user.email} readOnly hint={frAccount.profile.emailReadOnly} />
      <TextField
        label={frAccount.profile.location}
        autoComplete="address-level2"
        error={errors.location?.message}
        {...register('location')}
      />
      <TextAreaField label={frAccount.profile.bio} error={errors.bio?.message} {...register('bio')} />
      <TextField
        label={frAccount.profile.avatarUrl}
        type="url"
        inputMode="url"
        placeholder="https://"
        error={errors.avatar_url?.message}
        {...register('avatar_url')}
      />
      {formError ? (
        <p className={styles.formError} role="alert">
          {formError}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" loading={isSubmitting}>
          {frAccount.profile.save}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          {frAccount.profile.cancel}
        </Button>
      </div>
    </form>
  );
}
