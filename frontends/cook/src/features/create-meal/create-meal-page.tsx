import { useMutation } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { SelectField, TextAreaField, TextField, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from '@popote/router';
import { CREATE_MEAL, forgetMealLists } from '../../graphql/meals';
import { DASHBOARD_MEALS } from '../../paths';
import { ALLERGEN_LABELS, ALLERGENS, CATEGORIES, CATEGORY_LABELS } from '@popote/rules';
import { ChoiceChips } from '../meal-form/choice-chips';
import { IngredientPicker } from '../meal-form/ingredient-picker';
import { MealFormFrame } from '../meal-form/meal-form-frame';
import styles from '../meal-form/meal-form.module.css';
import {
  createMealSchema,
  NAME_MAX,
  PORTIONS_MAX,
  PREPARATION_MAX,
  PRICE_MAX_EUROS,
  toCreateMealInput,
  type CreateMealParsed,
  type CreateMealValues,
} from '../meal-form/schemas';
import { saveMeal } from '../meal-form/save-meal';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;

/** Spec §9: to the dashboard 2 s after the meal is created (time for the confetti). */
export const REDIRECT_AFTER_CREATE_MS = 2000;

const FIELDS = [
  'image_key',
  'name',
  'description',
  'price',
  'portions_available',
  'ingredients',
  'category',
  'preparation_time',
  'available_date',
  'allergens',
  'cooking_details',
  'serving_suggestions',
  'dietary_info',
  'storage_instructions',
] as const satisfies ReadonlyArray<keyof CreateMealValues>;

export function CreateMealPage() {
  const navigate = useNavigate();
  const [createMeal] = useMutation(CREATE_MEAL, { update: (cache) => forgetMealLists(cache) });
  const [uploading, setUploading] = useState(false);
  const [created, setCreated] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateMealValues, unknown, CreateMealParsed>({
    resolver: zodResolver(createMealSchema),
    defaultValues: {
      image_key: null,
      name: '',
      description: '',
      ingredients: [],
      category: '',
      available_date: '',
      allergens: [],
      cooking_details: '',
      serving_suggestions: '',
      dietary_info: '',
      storage_instructions: '',
    },
  });

  const onSubmit = async (values: CreateMealParsed) => {
    const saved = await saveMeal({
      save: () => createMeal({ variables: { input: toCreateMealInput(values) } }),
      formFields: FIELDS,
      setError,
      failure: t.createError,
      toastId: 'meal-form',
    });
    if (!saved) return;
    setCreated(true);
    toast.success(t.created, { id: 'meal-form' });
    // Downloaded now, not with the form; a failed download only misses the decoration.
    import('canvas-confetti').then(
      ({ default: confetti }) => confetti({ particleCount: 100, spread: 75, origin: { y: 0.6 }, disableForReducedMotion: true }),
      () => undefined,
    );
    redirect.current = setTimeout(() => navigate(DASHBOARD_MEALS), REDIRECT_AFTER_CREATE_MS);
  };

  // Only once the meal exists: fields disabled while sending would drop out of the form's values.
  const locked = created;

  return (
    <MealFormFrame
      title={t.createTitle}
      lead={t.createLead}
      onSubmit={handleSubmit(onSubmit)}
      image={{
        onChange: (image) => setValue('image_key', image?.image_key ?? null),
        onUploadingChange: setUploading,
        error: errors.image_key?.message,
        disabled: locked,
      }}
      submitLabel={t.submitCreate}
      submitLoading={isSubmitting || uploading}
      submitDisabled={created}
    >
      <section className={styles.card}>
        <TextField label={t.name} maxLength={NAME_MAX} disabled={locked} error={errors.name?.message} {...register('name')} />
        <TextAreaField label={t.description} rows={4} disabled={locked} error={errors.description?.message} {...register('description')} />
        <div className={styles.row}>
          <TextField
            label={t.price}
            type="number"
            inputMode="decimal"
            min={0}
            max={PRICE_MAX_EUROS}
            step={0.01}
            disabled={locked}
            error={errors.price?.message}
            {...register('price', { valueAsNumber: true })}
          />
          <TextField
            label={t.portions}
            type="number"
            inputMode="numeric"
            min={1}
            max={PORTIONS_MAX}
            step={1}
            disabled={locked}
            error={errors.portions_available?.message}
            {...register('portions_available', { valueAsNumber: true })}
          />
          <TextField
            label={t.preparation}
            type="number"
            inputMode="numeric"
            min={1}
            max={PREPARATION_MAX}
            step={1}
            disabled={locked}
            error={errors.preparation_time?.message}
            {...register('preparation_time', { valueAsNumber: true })}
          />
        </div>
        <div className={styles.row}>
          <SelectField label={t.category} disabled={locked} error={errors.category?.message} {...register('category')}>
            <option value="">{t.chooseCategory}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t.availableDate}
            type="datetime-local"
            disabled={locked}
            error={errors.available_date?.message}
            {...register('available_date')}
          />
        </div>
      </section>

      <section className={styles.card}>
        <Controller
          control={control}
          name="ingredients"
          render={({ field, fieldState }) => (
            <IngredientPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              disabled={locked}
            />
          )}
        />
      </section>

      <section className={styles.card}>
        <Controller
          control={control}
          name="allergens"
          render={({ field, fieldState }) => (
            <ChoiceChips
              legend={`${t.allergens} ${t.optional}`}
              hint={t.allergensHint}
              options={ALLERGENS}
              labelOf={(allergen) => ALLERGEN_LABELS[allergen]}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={locked}
            />
          )}
        />
      </section>

      <section className={styles.card} aria-labelledby="meal-details-title">
        <h2 id="meal-details-title" className={styles.cardTitle}>
          {t.detailsTitle} <span className={styles.hint}>{t.optional}</span>
        </h2>
        <TextAreaField
          label={t.cookingDetails}
          rows={3}
          disabled={locked}
          error={errors.cooking_details?.message}
          {...register('cooking_details')}
        />
        <TextAreaField
          label={t.servingSuggestions}
          rows={3}
          disabled={locked}
          error={errors.serving_suggestions?.message}
          {...register('serving_suggestions')}
        />
        <TextAreaField
          label={t.dietaryInfo}
          rows={3}
          disabled={locked}
          error={errors.dietary_info?.message}
          {...register('dietary_info')}
        />
        <TextAreaField
          label={t.storageInstructions}
          rows={3}
          disabled={locked}
          error={errors.storage_instructions?.message}
          {...register('storage_instructions')}
        />
      </section>
    </MealFormFrame>
  );
}
