/**
 * The router of every Popote page: wouter (~2.5 KiB gzip) and three small helpers.
 *
 * This module, not wouter, is the Module Federation singleton (see @popote/build): one copy per
 * page means one location for the shell and the remotes. It replaced react-router (14 KiB gzip
 * on /meals even tree-shaken: its links carry prefetching and server-rendering code the pages
 * never use; ADR 0005). The pages' routes are flat absolute paths, which is all wouter matches.
 *
 * Apps import routing from here, never from wouter (tests may). Adding an export is a minor
 * version of this package: the shell must be deployed with it before a remote relies on it (a
 * remote gets the host's copy of the singleton).
 */
import { parse } from 'regexparam';
import { useLocation } from 'wouter';

export { Link, Redirect, Route, Router, Switch, useParams, useSearch, useSearchParams } from 'wouter';
export type { LinkProps, RouteProps } from 'wouter';
export { RouteSwitch } from './route-switch';
export type { RouteEntry } from './route-switch';
/** The `state` given to `navigate(to, { state })` (e.g. the checkout handing its id to /orders). */
export { useHistoryState } from 'wouter/use-browser-location';

/** `navigate(to, { replace?, state? })`. */
export function useNavigate() {
  return useLocation()[1];
}

/** The current path, without the query string. */
export function usePathname(): string {
  return useLocation()[0];
}

/**
 * Whether `pathname` matches a route pattern (`/orders/:orderId/receipt`); a pattern ending in
 * `/*` also matches its prefix alone (`/meals/*`: `/meals`, `/meals/`, `/meals/m-1`). Case and a
 * trailing slash are ignored, as the routes do.
 */
export function matchPath(pattern: string, pathname: string): boolean {
  const prefix = pattern.endsWith('/*');
  return parse(prefix ? pattern.slice(0, -2) || '/' : pattern, prefix).pattern.test(pathname);
}
