import { Button } from '@popote/ui';
import { useState } from 'react';
import { opsFr } from '../../texts';
import styles from './moderation.module.css';

/**
 * The pages of a list read forward with a cursor (`after`: the previous page's cursor): the cursor
 * of the page shown, 'Suivants' (the page's next cursor) and 'Précédents' (back one page). Give the
 * component holding it a `key` of the list's filters: a new filter starts again at the first page.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<ReadonlyArray<string | null>>([null]);
  return {
    after: cursors[cursors.length - 1] ?? null,
    page: cursors.length,
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
  };
}

export type CursorPages = ReturnType<typeof useCursorPages>;

/** 'Précédents', the page's number and 'Suivants' (while a page loads, neither). */
export function Pager({ pages, next, loading, label }: { pages: CursorPages; next: string | null; loading: boolean; label: string }) {
  if (pages.page === 1 && !next) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button variant="outline" disabled={pages.page === 1 || loading} onClick={pages.previous}>
        {opsFr.common.previous}
      </Button>
      <span className={styles.pageNumber}>{opsFr.common.page(pages.page)}</span>
      <Button variant="outline" disabled={!next || loading} onClick={() => next && pages.next(next)}>
        {opsFr.common.next}
      </Button>
    </nav>
  );
}
