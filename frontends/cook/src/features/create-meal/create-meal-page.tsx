import { useMutation } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { SelectField, TextField, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from '@popote/router';
import { CreateMealDocument } from '../../graphql/meals.generated';
import { forgetMealLists } from '../../graphql/meals';
import { DASHBOARD_MEALS } from '../../paths';
import { ALLERGEN_LABELS, ALLERGENS, CATEGORIES, CATEGORY_LABELS } from '@popote/rules';
import { ChoiceChips } from '../meal-form/choice-chips';
import { IngredientPicker } from '../meal-form/ingredient-picker';
import { MealBasics, MealDetails } from '../meal-form/meal-fields';
import { MealFormFrame } from '../meal-form/meal-form-frame';
import styles from '../meal-form/meal-form.module.css';
import { createMealSchema, toCreateMealInput, type CreateMealParsed, type CreateMealValues } from '../meal-form/schemas';
import { saveMeal } from '../meal-form/save-meal';
import { SellerGate } from './seller-gate';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;

/** To the dashboard 2 s after the meal is created (time for the confetti). */
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

/** 'Ajouter un plat': the form, for a verified seller (otherwise what to do first: SellerGate). */
export function CreateMealPage() {
  return (
    <SellerGate>
      <CreateMealForm />
    </SellerGate>
  );
}

function CreateMealForm() {
  const navigate = useNavigate();
  const [createMeal] = useMutation(CreateMealDocument, { update: (cache) => forgetMealLists(cache) });
  const [created, setCreated] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const form = useForm<CreateMealValues, unknown, CreateMealParsed>({
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
  const {
    register,
    control,
    setError,
    formState: { errors },
  } = form;

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
    <MealFormFrame form={form} title={t.createTitle} lead={t.createLead} onSubmit={onSubmit} locked={locked} submitLabel={t.submitCreate}>
      <MealBasics minPortions={1} withPreparation disabled={locked}>
        <div className={styles.row}>
          <SelectField
            label={t.category}
            disabled={locked}
            error={errors.category?.message}
            options={CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] }))}
            {...register('category')}
          >
            <option value="">{t.chooseCategory}</option>
          </SelectField>
          <TextField
            label={t.availableDate}
            type="datetime-local"
            disabled={locked}
            error={errors.available_date?.message}
            {...register('available_date')}
          />
        </div>
      </MealBasics>

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

      <MealDetails disabled={locked} />
    </MealFormFrame>
  );
}
