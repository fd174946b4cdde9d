import { Button, fr, Notice, Spinner } from '@popote/ui';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { MealGrid } from './components/meal-grid';
import { useMealList } from './hooks/use-meal-list';
import styles from './meals-page.module.css';
import { filterMeals } from './search';

export function MealsPage() {
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const list = useMealList();

  return (
    <div className="pp-page">
      <title>{`${fr.meals.title} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <h1 className={styles.title}>{fr.meals.title}</h1>
        {query ? (
          <p className={styles.search}>
            {fr.meals.searchResults(query)}{' '}
            <Link to="/meals" className={styles.clear}>
              {fr.meals.clearSearch}
            </Link>
          </p>
        ) : null}
      </header>
      <MealsPageBody list={list} query={query} />
    </div>
  );
}

function MealsPageBody({ list, query }: { list: ReturnType<typeof useMealList>; query: string }) {
  if (list.status === 'loading') return <Spinner size="lg" label={fr.meals.loading} showLabel />;

  if (list.status === 'error') {
    return (
      <Notice
        tone="error"
        message={fr.meals.loadError}
        actions={
          <Button variant="primary" onClick={list.retry}>
            {fr.common.retry}
          </Button>
        }
      />
    );
  }

  if (list.meals.length === 0) return <Notice message={fr.meals.empty} />;

  const meals = filterMeals(list.meals, query);
  const loadMore = () => {
    list.loadMore().catch(() => toast.error(fr.meals.loadMoreError));
  };

  return (
    <>
      {meals.length > 0 ? <MealGrid meals={meals} /> : <Notice message={fr.meals.searchNoMatch(query)} />}
      {list.hasMore ? (
        <div className={styles.more}>
          <Button variant="outline" size="lg" loading={list.loadingMore} onClick={loadMore}>
            {fr.meals.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}
