import { Button, buttonClassName, fr } from '@popote/ui';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from '@popote/router';
import { DASHBOARD_MEALS } from '../../paths';
import { ImageField, type ImageFieldProps } from './image-field';
import styles from './meal-form.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;

export interface MealFormFrameProps {
  /** The page's h1 (and document title). */
  title: string;
  lead: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The 'Photo' card's field. */
  image: ImageFieldProps;
  submitLabel: string;
  submitLoading: boolean;
  submitDisabled?: boolean;
  /** The cards after the photo. */
  children: ReactNode;
}

/**
 * What the create and edit pages share around their fields: the header, the form, the photo
 * card first, then the 'Annuler' link (back to the dashboard's meals) and the submit button.
 */
export function MealFormFrame({ title, lead, onSubmit, image, submitLabel, submitLoading, submitDisabled, children }: MealFormFrameProps) {
  return (
    <div className={`pp-page ${styles.page}`}>
      <title>{`${title} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
      </header>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t.photo}</h2>
          <ImageField {...image} />
        </section>

        {children}

        <div className={styles.actions}>
          <Link to={DASHBOARD_MEALS} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
            {t.cancel}
          </Link>
          <Button type="submit" size="lg" loading={submitLoading} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}
