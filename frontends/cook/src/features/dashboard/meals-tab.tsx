import { useMutation, useQuery } from '@popote/graphql';
import { Button, buttonClassName, MealCard, Notice, toast } from '@popote/ui';
import { useState } from 'react';
import { Link } from '@popote/router';
import { CookMealsDocument, DeleteMealDocument } from '../../graphql/meals.generated';
import { forgetMeal, type CookMealCard } from '../../graphql/meals';
import { CREATE_MEAL, editMealPath, mealPath } from '../../paths';
import styles from './dashboard-page.module.css';
import { Loaded, TabSection } from './tab-parts';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** The 'Plats' tab: the cook's meals with 'Modifier' and 'Supprimer', and 'Ajouter un plat'. */
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
        </>
      }
    />
  );
}
