import { type MealFilterInput, useQuery } from '@popote/graphql';
import { useCallback, useState } from 'react';
import type { MealCardData } from '../../../graphql/meal-card.fragment';
import { LIMITS } from '@popote/rules';
import { MealsDocument } from '../graphql/meals.query.generated';

/** Spec: the meal list loads the 20 newest meals, then 20 more with 'Voir plus'. */
export const MEALS_PAGE_SIZE = LIMITS.mealPageSize;

export type MealListState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      meals: MealCardData[];
      /** A new filter's first page is on its way; the previous results are still shown. */
      refreshing: boolean;
      hasMore: boolean;
      loadingMore: boolean;
      loadMore: () => Promise<void>;
    };

export function useMealList(filter: MealFilterInput | null): MealListState {
  const { data, previousData, error, loading, fetchMore, refetch } = useQuery(MealsDocument, {
    variables: { first: MEALS_PAGE_SIZE, filter },
    // Reopening the page shows the cached list at once and refreshes it behind.
    requestPolicy: 'cache-and-network',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const cursor = data?.meals.next_cursor ?? null;

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { first: MEALS_PAGE_SIZE, after: cursor, filter } });
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, fetchMore, filter]);

  const retry = useCallback(() => {
    refetch().catch(() => {
      // The query's error state already tells the person; nothing else to do here.
    });
  }, [refetch]);

  if (error && !loading && !data) return { status: 'error', retry };
  // While another filter's first page loads, keep showing the last results (dimmed) instead of a spinner.
  const shown = data ?? (loading ? previousData : undefined);
  if (shown) {
    return {
      status: 'ready',
      meals: shown.meals.items,
      refreshing: !data,
      hasMore: data ? cursor !== null : false,
      loadingMore,
      loadMore,
    };
  }
  return { status: 'loading' };
}
