import { NotFound, QueryState } from '@popote/ui';
import { frBrowse } from '@popote/ui/fr-browse';
import type { ReactNode } from 'react';
import { MealsLink } from './meals-link';

export interface ItemPageTexts {
  notFoundTitle: string;
  notFoundBody: string;
  loadError: string;
  loading: string;
}

/**
 * A page about one thing named by the URL (a meal, a cook): `children(item)` once it is there; a
 * whole not-found page when the server says there is none (`null`); else the spinner or the load
 * error with 'Réessayer'.
 */
export function ItemPage<T>({
  item,
  error,
  refetch,
  texts,
  children,
}: {
  item: T | null | undefined;
  error: unknown;
  refetch: () => unknown;
  texts: ItemPageTexts;
  children: (item: T) => ReactNode;
}) {
  if (item) return children(item);
  if (item === null) {
    return (
      <NotFound
        title={texts.notFoundTitle}
        message={texts.notFoundBody}
        actions={<MealsLink>{frBrowse.mealDetail.browseMeals}</MealsLink>}
      />
    );
  }
  return <QueryState page error={error} errorMessage={texts.loadError} onRetry={refetch} loadingLabel={texts.loading} />;
}
