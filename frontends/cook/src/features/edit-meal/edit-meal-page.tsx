import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { readApiError, useAuth } from '@popote/auth';
import { Button, buttonClassName, fr, Notice, Spinner, TextAreaField, TextField } from '@popote/ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { MEAL_TO_EDIT_QUERY, UPDATE_MEAL, type EditableMeal } from '../../graphql/meals';
import { DASHBOARD, DASHBOARD_MEALS } from '../../paths';
import { ImageField } from '../meal-form/image-field';
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
import { showServerFieldErrors } from '../meal-form/server-errors';

const t = fr.mealForm;
const FIELDS = ['image_key', 'name', 'description', 'price', 'portions_available'] as const satisfies ReadonlyArray<
  keyof EditMealValues
>;

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
    fetchPolicy: 'network-only',
  });

  if (data && data.meal === null) return <LeaveForDashboard message={t.notFound} />;
  if (data?.meal && auth.status === 'signed-in') {
    if (data.meal.cook_id !== auth.user.user_id) return <LeaveForDashboard message={t.notAllowed} />;
    return <EditMealForm meal={data.meal} />;
  }
  if (error) {
    return (
      <div className="pp-page">
        <Notice
          tone="error"
          message={t.loadError}
          actions={
            <Button variant="primary" onClick={() => void refetch().catch(() => undefined)}>
              {fr.common.retry}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="pp-page">
      <Spinner size="lg" label={t.loading} showLabel />
    </div>
  );
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
    try {
      await updateMeal({ variables: { meal_id: meal.meal_id, input: toUpdateMealInput(values) } });
    } catch (error) {
      const { code, message, fields } = readApiError(error);
      if (code === 'FORBIDDEN' || code === 'MEAL_NOT_FOUND' || code === 'NOT_FOUND') {
        toast.error(message ?? t.updateError, { id: 'meal-edit' });
        navigate(DASHBOARD, { replace: true });
        return;
      }
      showServerFieldErrors(fields, FIELDS, setError);
      toast.error(t.updateError, { id: 'meal-edit' });
      return;
    }
    toast.success(t.updated, { id: 'meal-edit' });
    navigate(DASHBOARD_MEALS);
  };

  return (
    <div className={`pp-page ${styles.page}`}>
      <title>{`${t.editTitle} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <h1 className={styles.title}>{t.editTitle}</h1>
        <p className={styles.lead}>{meal.name}</p>
      </header>

      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t.photo}</h2>
          <ImageField
            currentUrl={meal.image_card_url ?? meal.image_url}
            onChange={(image) => setValue('image_key', image?.image_key ?? null)}
            onUploadingChange={setUploading}
            error={errors.image_key?.message}
          />
        </section>

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

        <div className={styles.actions}>
          <Link to={DASHBOARD_MEALS} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
            {t.cancel}
          </Link>
          <Button type="submit" size="lg" loading={isSubmitting || uploading}>
            {t.submitEdit}
          </Button>
        </div>
      </form>
    </div>
  );
}
