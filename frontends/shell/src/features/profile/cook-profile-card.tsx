import { VAT_REGIMES } from '@popote/rules';
import { useUpdateCookProfile } from '@popote/auth';
import type { CookProfile } from '@popote/graphql';
import { formatRating, SelectField, TextAreaField, TextField, toast } from '@popote/ui';
import { useEffect } from 'react';
import { useZodForm } from '../../forms/zod-form';
import { EditableCard, FormActions } from './card';
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

export function CookProfileCard({ profile }: { profile: CookProfile | null }) {
  return (
    <EditableCard
      title={frAccount.profile.cookProfileTitle}
      view={<CookProfileView profile={profile} />}
      form={(close) => <CookProfileForm profile={profile} onDone={close} />}
    />
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
  const form = useZodForm<CookProfileFormInput, CookProfileFormOutput>(cookProfileSchema, cookProfileFormValues(profile));
  const { field, setFocus } = form;

  useEffect(() => setFocus('bio'), [setFocus]);

  const onSubmit = form.submitWith(updateCookProfile, {
    failed: () => toast.error(frAccount.profile.updateError, { id: 'cook-profile-error' }),
    sent: () => {
      toast.success(frAccount.profile.cookProfileUpdated, { id: 'cook-profile-success' });
      onDone();
    },
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextAreaField label={frAccount.profile.cookBio} {...field('bio')} />
      <TextField
        label={frAccount.profile.experienceYears}
        type="number"
        inputMode="numeric"
        min={0}
        max={EXPERIENCE_MAX}
        step={1}
        {...field('experience_years')}
      />
      {COOK_LIST_FIELDS.map((name) => (
        <TextField key={name} label={LIST_LABELS[name]} hint={frAccount.profile.listHint} {...field(name)} />
      ))}
      <TextField
        label={frAccount.profile.siret}
        hint={frAccount.profile.siretHint}
        inputMode="numeric"
        autoComplete="off"
        {...field('siret')}
      />
      <SelectField label={frAccount.profile.vatRegime} hint={frAccount.profile.vatHint} {...field('vat_regime')}>
        {VAT_REGIMES.map((value) => (
          <option key={value} value={value}>
            {frAccount.profile.vatRegimes[value]}
          </option>
        ))}
      </SelectField>
      <FormActions submit={frAccount.profile.save} loading={form.formState.isSubmitting} onCancel={onDone} />
    </form>
  );
}
