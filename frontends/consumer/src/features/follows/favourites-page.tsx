import { useQuery } from '@popote/graphql';
import { RetryNotice } from '@popote/ui';
import { MealGrid } from '../../components/meal-grid';
import { MealsNotice } from '../../components/meals-link';
import { SkeletonCards } from '../../components/skeleton-cards';
import { SimplePage } from '../../pages/simple-page';
import { FavouriteMealsDocument } from './graphql/favourites.query.generated';
import { followsFr } from './texts';

const t = followsFr.favourites;

// Signed-in only (the shell's guard).
/**
 * /favourites — 'Mes favoris': the dishes whose heart the person pressed, newest first (a deleted
 * dish is left out). Taking a heart away here leaves the card until the list is read again, so a
 * slip of the finger can be undone on the spot.
 */
export function FavouritesPage() {
  const { data, error, refetch } = useQuery(FavouriteMealsDocument, { requestPolicy: 'cache-and-network' });
  const meals = data?.favouriteMeals;

  let content;
  if (meals && meals.length === 0) content = <MealsNotice message={t.empty} linkLabel={t.browse} />;
  else if (meals) content = <MealGrid meals={meals} />;
  else if (error) content = <RetryNotice message={t.error} onRetry={refetch} />;
  else content = <SkeletonCards count={4} label={t.loading} />;

  return (
    <SimplePage title={t.title}>
      <p>{t.intro}</p>
      {content}
    </SimplePage>
  );
}
