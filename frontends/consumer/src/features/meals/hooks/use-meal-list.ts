import { useQuery } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { MEALS_QUERY, type MealListItem } from '../graphql/meals.query';

/** Spec: the meal list loads the 20 newest meals. */
export const MEALS_PAGE_SIZE = 20;

export type MealListState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      meals: MealListItem[];
      hasMore: boolean;
      loadingMore: boolean;
      loadMore: () => Promise<void>;
    };

export function useMealList(): MealListState {
  const { data, error, loading, fetchMore, refetch } = useQuery(MEALS_QUERY, {
    variables: { first: MEALS_PAGE_SIZE },
    // Reopening the page shows the cached list at once and refreshes it behind.
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const cursor = data?.meals.next_cursor ?? null;

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { first: MEALS_PAGE_SIZE, after: cursor } });
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, fetchMore]);

  const retry = useCallback(() => {
    refetch().catch(() => {
      // The query's error state already tells the person; nothing else to do here.
    });
  }, [refetch]);

  if (data) {
    return { status: 'ready', meals: data.meals.items, hasMore: cursor !== null, loadingMore, loadMore };
  }
  if (error && !loading) return { status: 'error', retry };
  return { status: 'loading' };
}
