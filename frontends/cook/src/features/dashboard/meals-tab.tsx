import { useMutation, useQuery } from '@popote/graphql';
import { Button, buttonClassName, MealCard, Notice, Spinner, toast } from '@popote/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@popote/router';
import { CookMealsDocument, DeleteMealDocument } from '../../graphql/meals.generated';
import { forgetMeal, type CookMealCard } from '../../graphql/meals';
import { CREATE_MEAL, editMealPath, mealPath } from '../../paths';
import styles from './dashboard-page.module.css';
import { Loaded, TabSection } from './tab-parts';
import { frAds } from './ads-texts';
import ads from './ads.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

// The 'Mettre en avant' form (and the zod rules it shares with the server) loads when first opened.
const CampaignDialog = lazy(() => import('./campaign-dialog').then((module) => ({ default: module.CampaignDialog })));

/** The 'Plats' tab: the cook's meals with 'Modifier', 'Supprimer' and 'Mettre en avant', and 'Ajouter un plat'. */
export function MealsTab({ cookId }: { cookId: string }) {
  const query = useQuery(CookMealsDocument, {
    variables: { cook_id: cookId },
    requestPolicy: 'cache-and-network',
  });

  const addMeal = (
    <Link to={CREATE_MEAL} className={buttonClassName({ variant: 'primary' })}>
      {t.addMeal}
    </Link>
  );

  return (
    <TabSection titleId="cook-meals-title" title={t.mealsTitle} action={query.data?.cookMeals.length ? addMeal : null}>
      <Loaded query={query} loadingLabel={t.mealsLoading}>
        {({ cookMeals }) =>
          cookMeals.length > 0 ? (
            <ul className={styles.grid}>
              {cookMeals.map((meal) => (
                <li key={meal.meal_id}>
                  <DashboardMealCard meal={meal} />
                </li>
              ))}
            </ul>
          ) : (
            <Notice
              message={t.noMeals}
              actions={
                <Link to={CREATE_MEAL} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
                  {t.addFirstMeal}
                </Link>
              }
            />
          )
        }
      </Loaded>
    </TabSection>
  );
}

function DashboardMealCard({ meal }: { meal: CookMealCard }) {
  const [deleting, setDeleting] = useState(false);
  const [deleteMeal] = useMutation(DeleteMealDocument, { update: (cache) => forgetMeal(cache, meal.meal_id) });

  const onDelete = async () => {
    if (!window.confirm(t.confirmDelete)) return;
    setDeleting(true);
    try {
      await deleteMeal({ variables: { meal_id: meal.meal_id } });
      toast.success(t.deleted, { id: `meal-delete-${meal.meal_id}` });
    } catch {
      setDeleting(false);
      toast.error(t.deleteError, { id: `meal-delete-${meal.meal_id}` });
    }
  };

  return (
    <MealCard
      meal={meal}
      headingLevel="h3"
      renderLink={({ className, children }) => (
        <Link to={mealPath(meal.meal_id)} className={className}>
          {children}
        </Link>
      )}
      actions={
        <>
          <Link to={editMealPath(meal.meal_id)} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
            {t.edit}
            <span className="pp-visually-hidden"> {meal.name}</span>
          </Link>
          <Button variant="danger" size="sm" loading={deleting} onClick={onDelete}>
            {t.delete}
            <span className="pp-visually-hidden"> {meal.name}</span>
          </Button>
          <AdAction meal={meal} />
        </>
      }
    />
  );
}

/**
 * 'Mettre en avant' a dish: opens its dialog, and gives the focus back to the button
 * when it closes. A sold-out dish cannot be put forward: the button is off and says why.
 */
function AdAction({ meal }: { meal: CookMealCard }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const reasonId = useId();
  const soldOut = meal.portions_available <= 0;

  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <div className={ads.adAction}>
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        disabled={soldOut}
        aria-describedby={soldOut ? reasonId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {frAds.cta}
        <span className="pp-visually-hidden"> {meal.name}</span>
      </Button>
      {soldOut ? (
        <p id={reasonId} className={ads.reason}>
          {frAds.soldOut}
        </p>
      ) : null}
      {open ? (
        <Suspense fallback={<Spinner size="sm" label={frAds.loading} />}>
          <CampaignDialog meal={meal} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
