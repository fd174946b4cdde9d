import { useUpdateProfile } from '@popote/auth';
import type { User } from '@popote/graphql';
import { TextAreaField, TextField, toast } from '@popote/ui';
import { useEffect, useState } from 'react';
import { useZodForm } from '../../forms/zod-form';
import { EditableCard, FormActions, FormError } from './card';
import styles from './profile-page.module.css';
import { profileFormValues, profileSchema, toProfileInput, type ProfileFormValues } from './schemas';
import { frAccount } from '@popote/ui/fr-account';

export function PersonalInfoCard({ user, isCook }: { user: User; isCook: boolean }) {
  return (
    <EditableCard
      title={frAccount.profile.personalInfo}
      view={<PersonalInfoView user={user} isCook={isCook} />}
      form={(close) => <PersonalInfoForm user={user} onDone={close} />}
    />
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
  const form = useZodForm(profileSchema, profileFormValues(user));
  const { field, setFocus } = form;

  useEffect(() => setFocus('name'), [setFocus]);

  const send = (values: ProfileFormValues) => {
    setFormError(null);
    return updateProfile(toProfileInput(values));
  };
  const onSubmit = form.submitWith(send, {
    failed: ({ code, message, shownOnFields }) => {
      // A precise French reason that no field carries (a taken username...) stays readable in the form.
      if (!shownOnFields && message && (code === 'VALIDATION_FAILED' || code === 'CONFLICT')) setFormError(message);
      toast.error(frAccount.profile.updateError, { id: 'profile-error' });
    },
    sent: () => {
      toast.success(frAccount.profile.updated, { id: 'profile-success' });
      onDone();
    },
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField label={frAccount.profile.name} autoComplete="name" {...field('name')} />
      <TextField
        label={frAccount.profile.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...field('username')}
      />
      {/* Shown for reference only: the email is not part of the update. */}
      <TextField label={frAccount.profile.email} type="email" value={user.email} readOnly hint={frAccount.profile.emailReadOnly} />
      <TextField label={frAccount.profile.location} autoComplete="address-level2" {...field('location')} />
      <TextAreaField label={frAccount.profile.bio} {...field('bio')} />
      <TextField label={frAccount.profile.avatarUrl} type="url" inputMode="url" placeholder="https://" {...field('avatar_url')} />
      <FormError message={formError} />
      <FormActions submit={frAccount.profile.save} loading={form.formState.isSubmitting} onCancel={onDone} />
    </form>
  );
}
