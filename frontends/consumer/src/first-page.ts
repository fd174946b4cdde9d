import { prefetchQuery } from '@popote/graphql';
import { readFilters, toFilterInput } from './features/meals/filters';
import { MealsDocument } from './features/meals/graphql/meals.query.generated';
import { MEALS_PAGE_SIZE } from './features/meals/hooks/use-meal-list';

/** The chunks of the pages a visitor most often lands on (the same `import()` as routes.tsx). */
export const loadHomePage = () => import('./features/home/home-page');
export const loadMealsPage = () => import('./features/meals/meals-page');

/**
 * Called once, when this remote's App module is evaluated (before React renders it): starts the
 * current page's chunk and, for /meals, its first query (the same operation and variables as
 * `useMealList`, which then gets this response instead of sending its own: see prefetchQuery),
 * instead of one after the other. Any other page loads as before.
 */
export function startFirstPage(location: Pick<Location, 'pathname' | 'search'>): void {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') {
    loadHomePage().catch(() => undefined); // the route's own import reports a failure
  } else if (path === '/meals') {
    loadMealsPage().catch(() => undefined);
    // A shell older than prefetchQuery provides @popote/graphql without it: skip the head start.
    if (typeof prefetchQuery === 'function') {
      const filter = toFilterInput(readFilters(new URLSearchParams(location.search)));
      prefetchQuery(MealsDocument, { first: MEALS_PAGE_SIZE, filter });
    }
  }
}
