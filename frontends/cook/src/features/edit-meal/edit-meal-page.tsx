import { useMutation, useQuery } from '@popote/graphql';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAuth } from '@popote/auth';
import { QueryState, Spinner, toast } from '@popote/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from '@popote/router';
import { MealToEditDocument, UpdateMealDocument } from '../../graphql/meals.generated';
import type { EditableMeal } from '../../graphql/meals';
import { DASHBOARD, DASHBOARD_MEALS } from '../../paths';
import { MealBasics } from '../meal-form/meal-fields';
import { MealFormFrame } from '../meal-form/meal-form-frame';
import { editMealSchema, toUpdateMealInput, type EditMealParsed, type EditMealValues } from '../meal-form/schemas';
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
  const { data, error, refetch } = useQuery(MealToEditDocument, {
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

/** Says why (toast), then goes to the dashboard. */
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
  const [updateMeal] = useMutation(UpdateMealDocument);
  const form = useForm<EditMealValues, unknown, EditMealParsed>({
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
      setError: form.setError,
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
      form={form}
      title={t.editTitle}
      lead={meal.name}
      onSubmit={onSubmit}
      currentImageUrl={meal.image_card_url ?? meal.image_url}
      submitLabel={t.submitEdit}
    >
      <MealBasics minPortions={0} />
    </MealFormFrame>
  );
}
