import { useMutation, useQuery } from '@popote/graphql';
import { Button, buttonClassName, MealCard, Notice, QueryState, toast } from '@popote/ui';
import { useState } from 'react';
import { Link } from '@popote/router';
import { COOK_MEALS_QUERY, DELETE_MEAL, forgetMeal, type CookMealCard } from '../../graphql/meals';
import { CREATE_MEAL, editMealPath, mealPath } from '../../paths';
import styles from './dashboard-page.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** The 'Plats' tab: the cook's meals with 'Modifier' and 'Supprimer', and 'Ajouter un plat'. */
export function MealsTab({ cookId }: { cookId: string }) {
  const { data, error, refetch } = useQuery(COOK_MEALS_QUERY, {
    variables: { cook_id: cookId },
    requestPolicy: 'cache-and-network',
  });

  const addMeal = (
    <Link to={CREATE_MEAL} className={buttonClassName({ variant: 'primary' })}>
      {t.addMeal}
    </Link>
  );

  let content;
  if (data && data.cookMeals.length > 0) {
    content = (
      <ul className={styles.grid}>
        {data.cookMeals.map((meal) => (
          <li key={meal.meal_id}>
            <DashboardMealCard meal={meal} />
          </li>
        ))}
      </ul>
    );
  } else if (data) {
    content = (
      <Notice
        message={t.noMeals}
        actions={
          <Link to={CREATE_MEAL} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            {t.addFirstMeal}
          </Link>
        }
      />
    );
  } else {
    content = <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.mealsLoading} />;
  }

  return (
    <section aria-labelledby="cook-meals-title">
      <div className={styles.sectionHeader}>
        <h2 id="cook-meals-title" className={styles.sectionTitle}>
          {t.mealsTitle}
        </h2>
        {data && data.cookMeals.length > 0 ? addMeal : null}
      </div>
      {content}
    </section>
  );
}

function DashboardMealCard({ meal }: { meal: CookMealCard }) {
  const [deleting, setDeleting] = useState(false);
  const [deleteMeal] = useMutation(DELETE_MEAL, { update: (cache) => forgetMeal(cache, meal.meal_id) });

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
          <Button variant="outline" size="sm" className={styles.danger} loading={deleting} onClick={onDelete}>
            {t.delete}
            <span className="pp-visually-hidden"> {meal.name}</span>
          </Button>
        </>
      }
    />
  );
}
