import { useMutation, useQuery } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAuth } from '@popote/auth';
import { QueryState, Spinner, TextAreaField, TextField, toast } from '@popote/ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from '@popote/router';
import { MEAL_TO_EDIT_QUERY, UPDATE_MEAL, type EditableMeal } from '../../graphql/meals';
import { DASHBOARD, DASHBOARD_MEALS } from '../../paths';
import { MealFormFrame } from '../meal-form/meal-form-frame';
import styles from '../meal-form/meal-form.module.css';
import {
  editMealSchema,
  NAME_MAX,
  PORTIONS_MAX,
  PRICE_MAX_EUROS,
  toUpdateMealInput,
  type EditMealParsed,
  type EditMealValues,
} from '../meal-form/schemas';
import { saveMeal } from '../meal-form/save-meal';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.mealForm;
const FIELDS = ['image_key', 'name', 'description', 'price', 'portions_available'] as const satisfies ReadonlyArray<keyof EditMealValues>;

/**
 * /meals/:mealId/edit (cooks only, guarded by the shell). Only the meal's own
 * cook may edit it: anyone else is sent back to the dashboard. The BFF checks
 * the same on save.
 */
export function EditMealPage() {
  const { mealId = '' } = useParams();
  const auth = useAuth();
  const { data, error, refetch } = useQuery(MEAL_TO_EDIT_QUERY, {
    variables: { meal_id: mealId },
    // The form starts from the server's current values, not from an old cached copy.
    requestPolicy: 'network-only',
  });

  if (data && data.meal === null) return <LeaveForDashboard message={t.notFound} />;
  if (data?.meal && auth.status === 'signed-in') {
    if (data.meal.cook_id !== auth.user.user_id) return <LeaveForDashboard message={t.notAllowed} />;
    return <EditMealForm meal={data.meal} />;
  }
  return <QueryState page error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
}

/** Says why (toast), then goes to the dashboard (spec §5 edit authorisation, §8 meal missing). */
function LeaveForDashboard({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(message, { id: 'meal-edit' });
    navigate(DASHBOARD, { replace: true });
  }, [message, navigate]);
  return (
    <div className="pp-page">
      <Spinner size="lg" />
    </div>
  );
}

function EditMealForm({ meal }: { meal: EditableMeal }) {
  const navigate = useNavigate();
  const [updateMeal] = useMutation(UPDATE_MEAL);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditMealValues, unknown, EditMealParsed>({
    resolver: zodResolver(editMealSchema),
    defaultValues: {
      image_key: null,
      name: meal.name,
      description: meal.description,
      price: meal.price_cents / 100,
      portions_available: meal.portions_available,
    },
  });

  const onSubmit = async (values: EditMealParsed) => {
    const saved = await saveMeal({
      save: () => updateMeal({ variables: { meal_id: meal.meal_id, input: toUpdateMealInput(values, meal.portions_available) } }),
      formFields: FIELDS,
      setError,
      failure: t.updateError,
      toastId: 'meal-edit',
      onApiError: ({ code, message }) => {
        if (code !== 'FORBIDDEN' && code !== 'MEAL_NOT_FOUND' && code !== 'NOT_FOUND') return false;
        toast.error(message ?? t.updateError, { id: 'meal-edit' });
        navigate(DASHBOARD, { replace: true });
        return true;
      },
    });
    if (!saved) return;
    toast.success(t.updated, { id: 'meal-edit' });
    navigate(DASHBOARD_MEALS);
  };

  return (
    <MealFormFrame
      title={t.editTitle}
      lead={meal.name}
      onSubmit={handleSubmit(onSubmit)}
      image={{
        currentUrl: meal.image_card_url ?? meal.image_url,
        onChange: (image) => setValue('image_key', image?.image_key ?? null),
        onUploadingChange: setUploading,
        error: errors.image_key?.message,
      }}
      submitLabel={t.submitEdit}
      submitLoading={isSubmitting || uploading}
    >
      <section className={styles.card}>
        <TextField label={t.name} maxLength={NAME_MAX} error={errors.name?.message} {...register('name')} />
        <TextAreaField label={t.description} rows={4} error={errors.description?.message} {...register('description')} />
        <div className={styles.row}>
          <TextField
            label={t.price}
            type="number"
            inputMode="decimal"
            min={0}
            max={PRICE_MAX_EUROS}
            step={0.01}
            error={errors.price?.message}
            {...register('price', { valueAsNumber: true })}
          />
          <TextField
            label={t.portions}
            type="number"
            inputMode="numeric"
            min={0}
            max={PORTIONS_MAX}
            step={1}
            error={errors.portions_available?.message}
            {...register('portions_available', { valueAsNumber: true })}
          />
        </div>
      </section>
    </MealFormFrame>
  );
}
