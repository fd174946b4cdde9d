import { TextAreaField, TextField } from '@popote/ui';
import type { ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import styles from './meal-form.module.css';
import { NAME_MAX, PORTIONS_MAX, PREPARATION_MAX, PRICE_MAX_EUROS, type CreateMealValues } from './schemas';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;

/** The fields of the create form; the edit form has the first ones (EditMealValues). */
type MealValues = CreateMealValues;

const NUMBERS = {
  price: { label: t.price, inputMode: 'decimal', max: PRICE_MAX_EUROS, step: 0.01 },
  portions_available: { label: t.portions, inputMode: 'numeric', max: PORTIONS_MAX, step: 1 },
  preparation_time: { label: t.preparation, inputMode: 'numeric', max: PREPARATION_MAX, step: 1 },
} as const;

/** A number of the meal (euros, portions, minutes), given to the form as a number (NaN when empty). */
function NumberField({ name, min, disabled }: { name: keyof typeof NUMBERS; min: number; disabled: boolean }) {
  const { register } = useFormContext<MealValues>();
  const { errors } = useFormState<MealValues>({ name });
  const { label, ...bounds } = NUMBERS[name];
  return (
    <TextField
      label={label}
      type="number"
      min={min}
      {...bounds}
      disabled={disabled}
      error={errors[name]?.message}
      {...register(name, { valueAsNumber: true })}
    />
  );
}

export interface MealBasicsProps {
  /** 1 for a new meal; 0 once it exists (sold out). */
  minPortions: 0 | 1;
  /** The preparation time beside the price and portions (a new meal). */
  withPreparation?: boolean;
  disabled?: boolean;
  /** What the card shows under them. */
  children?: ReactNode;
}

/** The first card of both forms: name, description, price and portions. */
export function MealBasics({ minPortions, withPreparation = false, disabled = false, children }: MealBasicsProps) {
  const { register } = useFormContext<MealValues>();
  const { errors } = useFormState<MealValues>({ name: ['name', 'description'] });
  return (
    <section className={styles.card}>
      <TextField label={t.name} maxLength={NAME_MAX} disabled={disabled} error={errors.name?.message} {...register('name')} />
      <TextAreaField label={t.description} rows={4} disabled={disabled} error={errors.description?.message} {...register('description')} />
      <div className={styles.row}>
        <NumberField name="price" min={0} disabled={disabled} />
        <NumberField name="portions_available" min={minPortions} disabled={disabled} />
        {withPreparation ? <NumberField name="preparation_time" min={1} disabled={disabled} /> : null}
      </div>
      {children}
    </section>
  );
}

const DETAILS = [
  { name: 'cooking_details', label: t.cookingDetails },
  { name: 'serving_suggestions', label: t.servingSuggestions },
  { name: 'dietary_info', label: t.dietaryInfo },
  { name: 'storage_instructions', label: t.storageInstructions },
] as const;

/** 'Pour aller plus loin': a new meal's optional texts. */
export function MealDetails({ disabled }: { disabled: boolean }) {
  const { register } = useFormContext<MealValues>();
  const { errors } = useFormState<MealValues>({ name: DETAILS.map((detail) => detail.name) });
  return (
    <section className={styles.card} aria-labelledby="meal-details-title">
      <h2 id="meal-details-title" className={styles.cardTitle}>
        {t.detailsTitle} <span className={styles.hint}>{t.optional}</span>
      </h2>
      {DETAILS.map(({ name, label }) => (
        <TextAreaField key={name} label={label} rows={3} disabled={disabled} error={errors[name]?.message} {...register(name)} />
      ))}
    </section>
  );
}
