import { Button, buttonClassName, fr } from '@popote/ui';
import { useState, type ReactNode } from 'react';
import { FormProvider, useFormContext, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Link } from '@popote/router';
import { DASHBOARD_MEALS } from '../../paths';
import { ImageField } from './image-field';
import styles from './meal-form.module.css';
import type { EditMealValues } from './schemas';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;

export interface MealFormFrameProps<T extends FieldValues, P> {
  /** The page's h1 (and document title). */
  title: string;
  lead: ReactNode;
  /** The page's form (its fields include `image_key`, set by the photo card). */
  form: UseFormReturn<T, unknown, P>;
  /** With the form's values once they are valid. */
  onSubmit: (values: P) => Promise<void>;
  /** The meal's current picture (edit page). */
  currentImageUrl?: string | null;
  /** Nothing can change any more (the meal was just created). */
  locked?: boolean;
  submitLabel: string;
  /** The cards after the photo. */
  children: ReactNode;
}

/**
 * What the create and edit pages share around their fields: the header, the form, the photo
 * card first, then the 'Annuler' link (back to the dashboard's meals) and the submit button
 * (busy while the form is sent or a photo uploads).
 */
export function MealFormFrame<T extends FieldValues, P>({
  title,
  lead,
  form,
  onSubmit,
  currentImageUrl,
  locked = false,
  submitLabel,
  children,
}: MealFormFrameProps<T, P>) {
  const [uploading, setUploading] = useState(false);
  const { isSubmitting } = useFormState({ control: form.control });
  return (
    <div className={`pp-page ${styles.page}`}>
      <title>{`${title} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
      </header>

      <FormProvider {...form}>
        <form className={styles.form} onSubmit={form.handleSubmit(onSubmit)} noValidate>
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t.photo}</h2>
            <PhotoField currentUrl={currentImageUrl} disabled={locked} onUploadingChange={setUploading} />
          </section>

          {children}

          <div className={styles.actions}>
            <Link to={DASHBOARD_MEALS} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
              {t.cancel}
            </Link>
            <Button type="submit" size="lg" loading={isSubmitting || uploading} disabled={locked}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}

/** The photo, uploaded as soon as chosen: the form gets its key (`image_key`). */
function PhotoField({
  currentUrl,
  disabled,
  onUploadingChange,
}: {
  currentUrl?: string | null;
  disabled: boolean;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { setValue } = useFormContext<Pick<EditMealValues, 'image_key'>>();
  const { errors } = useFormState<Pick<EditMealValues, 'image_key'>>({ name: 'image_key' });
  return (
    <ImageField
      currentUrl={currentUrl}
      onChange={(image) => setValue('image_key', image?.image_key ?? null)}
      onUploadingChange={onUploadingChange}
      error={errors.image_key?.message}
      disabled={disabled}
    />
  );
}
