import { Button, fr, Notice, Spinner, useBuyerCommune, toast } from '@popote/ui';
import { useMemo } from 'react';
import { Link, useSearchParams } from '@popote/router';
import { ADS } from '@popote/rules';
import { MealGrid } from '../../components/meal-grid';
import { SponsoredCard } from '../ads/sponsored-card';
import { useSponsoredMeal, type SponsoredMealData } from '../ads/use-sponsored-meal';
import { MealFilters } from './components/meal-filters';
import { NearBar } from './components/near-bar';
import {
  countActiveFilters,
  isDefaultListing,
  mealsUrl,
  NO_FILTERS,
  readFilters,
  toFilterInput,
  writeFilters,
  type MealListFilters,
} from './filters';
import { useMealList } from './hooks/use-meal-list';
import styles from './meals-page.module.css';

export function MealsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const paramsKey = searchParams.toString();
  // Parsed once per URL, so the query's variables only change when the URL does.
  const filters = useMemo(() => readFilters(new URLSearchParams(paramsKey)), [paramsKey]);
  // The buyer's commune, kept in this browser: sent as `near` (the public cache keys on the commune).
  const commune = useBuyerCommune();
  const filterInput = useMemo(() => toFilterInput(filters, commune?.code ?? null), [filters, commune?.code]);
  const list = useMealList(filterInput);
  // Asked beside the list, never waited for: the card joins the cards when (and if) it comes.
  const sponsored = useSponsoredMeal(isDefaultListing(filters));

  // A new history entry per change: the back button undoes the last filter.
  const applyFilters = (next: MealListFilters) => setSearchParams(writeFilters(next));
  const filtered = filters.q !== '' || countActiveFilters(filters) > 0;

  return (
    <div className="pp-page">
      <title>{`${fr.meals.title} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <h1 className={styles.title}>{fr.meals.title}</h1>
        {filters.q ? (
          <p className={styles.search}>
            {fr.meals.searchResults(filters.q)}{' '}
            <Link to={mealsUrl(writeFilters({ ...filters, q: '' }))} className={styles.clear}>
              {fr.meals.clearSearch}
            </Link>
          </p>
        ) : null}
      </header>
      <div className={styles.layout}>
        <MealFilters filters={filters} onChange={applyFilters} />
        <section className={styles.results} aria-label={fr.meals.title}>
          <NearBar commune={commune} filters={filters} onChange={applyFilters} />
          <MealsResults
            list={list}
            sponsored={sponsored}
            filtered={filtered}
            radius={commune ? filters.radius : null}
            onWiden={() => applyFilters({ ...filters, radius: null })}
            onReset={() => applyFilters(NO_FILTERS)}
          />
        </section>
      </div>
    </div>
  );
}

function MealsResults({
  list,
  sponsored,
  filtered,
  radius,
  onWiden,
  onReset,
}: {
  list: ReturnType<typeof useMealList>;
  /** On the default listing only (null otherwise). */
  sponsored: SponsoredMealData | null;
  filtered: boolean;
  radius: number | null;
  onWiden: () => void;
  onReset: () => void;
}) {
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

  if (list.meals.length === 0) {
    if (list.refreshing) return <Spinner size="lg" label={fr.meals.loading} showLabel />;
    if (radius)
      return (
        <Notice
          message={fr.near.noneNear(radius)}
          actions={
            <Button variant="primary" onClick={onWiden}>
              {fr.near.widen}
            </Button>
          }
        />
      );
    return filtered ? (
      <Notice
        message={fr.meals.noMatch}
        actions={
          <Button variant="primary" onClick={onReset}>
            {fr.meals.resetSearch}
          </Button>
        }
      />
    ) : (
      <Notice message={fr.meals.empty} />
    );
  }

  const loadMore = () => {
    list.loadMore().catch(() => toast.error(fr.meals.loadMoreError));
  };

  return (
    <div className={list.refreshing ? styles.refreshing : undefined} aria-busy={list.refreshing || undefined}>
      <MealGrid
        meals={list.meals}
        extra={
          // Not among the previous filter's cards still shown while the list's own arrive.
          sponsored && !list.refreshing
            ? {
                key: `sponsored-${sponsored.campaign_id}`,
                index: ADS.mealsSlot,
                render: (imageLoading) => <SponsoredCard sponsored={sponsored} imageLoading={imageLoading} />,
              }
            : null
        }
      />
      {list.hasMore ? (
        <div className={styles.more}>
          <Button variant="outline" size="lg" loading={list.loadingMore} onClick={loadMore}>
            {fr.meals.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
