import { zodResolver } from '@hookform/resolvers/zod';
import { VAT_REGIMES } from '@popote/rules';
import { readApiError, useUpdateCookProfile } from '@popote/auth';
import type { CookProfile } from '@popote/graphql';
import { Button, formatRating, fr, SelectField, TextAreaField, TextField, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { showServerFieldErrors } from '../../forms/server-errors';
import { Card } from './card';
import styles from './profile-page.module.css';
import {
  COOK_LIST_FIELDS,
  cookProfileFormValues,
  EXPERIENCE_MAX,
  cookProfileSchema,
  type CookListField,
  type CookProfileFormInput,
  type CookProfileFormOutput,
} from './schemas';
import { frAccount } from '@popote/ui/fr-account';

const LIST_LABELS: Record<CookListField, string> = {
  specialties: frAccount.profile.specialties,
  availability_days: frAccount.profile.availabilityDays,
  cooking_styles: frAccount.profile.cookingStyles,
  certifications: frAccount.profile.certifications,
  signature_dishes: frAccount.profile.signatureDishes,
  cuisine_types: frAccount.profile.cuisineTypes,
  awards: frAccount.profile.awards,
};

const COOK_FIELDS = ['bio', 'experience_years', ...COOK_LIST_FIELDS, 'siret', 'vat_regime'] as const;

export function CookProfileCard({ profile }: { profile: CookProfile | null }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

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
      title={frAccount.profile.cookProfileTitle}
      actions={
        editing ? null : (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            {frAccount.profile.edit}
          </Button>
        )
      }
    >
      {editing ? <CookProfileForm profile={profile} onDone={close} /> : <CookProfileView profile={profile} />}
    </Card>
  );
}

function CookProfileView({ profile }: { profile: CookProfile | null }) {
  if (!profile) return <p className={styles.muted}>{frAccount.profile.cookProfileMissing}</p>;
  return (
    <>
      <p className={styles.rating}>
        <span aria-hidden="true" className={styles.star}>
          ★
        </span>{' '}
        {frAccount.profile.rating} : <strong>{formatRating(profile.rating_average)}</strong> ·{' '}
        {frAccount.profile.reviews(profile.total_reviews)}
      </p>
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>{frAccount.profile.cookBio}</dt>
          <dd>{profile.bio || frAccount.profile.noBio}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{frAccount.profile.experienceYears}</dt>
          <dd>{frAccount.profile.years(profile.experience_years)}</dd>
        </div>
        {COOK_LIST_FIELDS.map((field) => (
          <div key={field} className={styles.detail}>
            <dt>{LIST_LABELS[field]}</dt>
            <dd>
              {profile[field].length > 0 ? (
                <ul className={styles.tags}>
                  {profile[field].map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : (
                <span className={styles.muted}>{frAccount.profile.none}</span>
              )}
            </dd>
          </div>
        ))}
        <div className={styles.detail}>
          <dt>{frAccount.profile.siret}</dt>
          <dd>{profile.siret ?? <span className={styles.muted}>{frAccount.profile.none}</span>}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{frAccount.profile.vatRegime}</dt>
          <dd>{frAccount.profile.vatRegimes[profile.vat_regime ?? ''] ?? frAccount.profile.vatRegimes['']}</dd>
        </div>
      </dl>
    </>
  );
}

function CookProfileForm({ profile, onDone }: { profile: CookProfile | null; onDone: () => void }) {
  const [updateCookProfile] = useUpdateCookProfile();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CookProfileFormInput, unknown, CookProfileFormOutput>({
    resolver: zodResolver(cookProfileSchema),
    defaultValues: cookProfileFormValues(profile),
  });

  useEffect(() => setFocus('bio'), [setFocus]);

  const onSubmit = async (values: CookProfileFormOutput) => {
    try {
      await updateCookProfile(values);
    } catch (error) {
      showServerFieldErrors(readApiError(error).fields, COOK_FIELDS, setError);
      toast.error(frAccount.profile.updateError, { id: 'cook-profile-error' });
      return;
    }
    toast.success(frAccount.profile.cookProfileUpdated, { id: 'cook-profile-success' });
    onDone();
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextAreaField label={frAccount.profile.cookBio} error={errors.bio?.message} {...register('bio')} />
      <TextField
        label={frAccount.profile.experienceYears}
        type="number"
        inputMode="numeric"
        min={0}
        max={EXPERIENCE_MAX}
        step={1}
        error={errors.experience_years?.message}
        {...register('experience_years')}
      />
      {COOK_LIST_FIELDS.map((field) => (
        <TextField
          key={field}
          label={LIST_LABELS[field]}
          hint={frAccount.profile.listHint}
          error={errors[field]?.message}
          {...register(field)}
        />
      ))}
      <TextField
        label={frAccount.profile.siret}
        hint={frAccount.profile.siretHint}
        inputMode="numeric"
        autoComplete="off"
        error={errors.siret?.message}
        {...register('siret')}
      />
      <SelectField
        label={frAccount.profile.vatRegime}
        hint={frAccount.profile.vatHint}
        error={errors.vat_regime?.message}
        {...register('vat_regime')}
      >
        {VAT_REGIMES.map((value) => (
          <option key={value} value={value}>
            {frAccount.profile.vatRegimes[value]}
          </option>
        ))}
      </SelectField>
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
