import { createContext, createElement, useContext, useDeferredValue, useMemo, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation, useRouter, useSearch } from 'wouter';

/** A page of a route table: its absolute path (`/meals/:mealId`), or none for "every other URL". */
export interface RouteEntry {
  path?: string;
  element: ReactNode;
}

const Deferred = createContext<{ path: string; search: string } | null>(null);

/**
 * Renders the first entry of the table whose path matches the URL (an entry without a path matches any).
 * A new URL renders like a transition: the table (and every page below it, through a nested router)
 * first keeps the current location, then renders the new one in the background, so a page whose
 * code is still loading leaves the current page on screen instead of suspending a synchronous render.
 */
export function RouteSwitch({ routes }: { routes: ReadonlyArray<RouteEntry> }): ReactNode {
  const parent = useRouter();
  const [path] = useLocation();
  const search = useSearch();
  const deferred = useDeferredValue(useMemo(() => ({ path, search }), [path, search]));
  const hook = useMemo(() => {
    type Hook = typeof parent.hook & { searchHook?: typeof parent.searchHook };
    const location = ((router: Parameters<typeof parent.hook>[0]) => {
      const [live, navigate] = parent.hook(router);
      return [useContext(Deferred)?.path ?? live, navigate];
    }) as Hook;
    location.searchHook = (router) => {
      const live = parent.searchHook(router);
      return useContext(Deferred)?.search ?? live;
    };
    return location;
  }, [parent]);
  return createElement(
    Deferred.Provider,
    { value: deferred },
    createElement(Router, {
      hook,
      children: createElement(
        Switch,
        null,
        routes.map(({ path: pattern, element }) => createElement(Route, { key: pattern ?? '*', path: pattern }, element)),
      ),
    }),
  );
}
