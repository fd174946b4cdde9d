import type { RemoteName } from './runtime-config';

/**
 * Who may open a page. 'operator': someone who runs the marketplace, signed in to the console
 * (a session of its own, ADR 0041), whatever the buyer's or cook's session of the browser.
 */
export type Access = 'public' | 'signed-in' | 'cook' | 'operator';

export interface PageRoute {
  pattern: string;
  /** The remote that owns the URLs; none for a page of the shell itself. */
  remote?: RemoteName;
  /** A page of the shell itself, which a broader pattern of a remote after it must not take. */
  shell?: true;
  /** Signed-in, cook-only or operator-only; every other page is public ('public' only to override a broader pattern after it). */
  access?: Access;
}

/**
 * The one route table: which remote owns which URLs (docs/architecture.md, 'Processes') and which pages are for
 * signed-in people or cooks. First match wins, among the routes with a remote for the
 * remote and among the routes with an access for the access, so the more specific patterns come
 * first. A remote receives the whole URL and matches its own routes with absolute paths; pages it
 * does not have yet end on its own "Page introuvable". Guards are a convenience (no flash of a page
 * the person cannot use): the BFF enforces every rule.
 */
export const PAGE_ROUTES: ReadonlyArray<PageRoute> = [
  // Home (featured meals, popular cooks) belongs to the consumer team; see ../pages/home-page.tsx.
  { pattern: '/', remote: 'consumer' },
  { pattern: '/meals/:mealId/edit', remote: 'cook', access: 'cook' },
  { pattern: '/create-meal', remote: 'cook', access: 'cook' },
  { pattern: '/cook/dashboard/*', remote: 'cook', access: 'cook' },
  { pattern: '/meals/*', remote: 'consumer' },
  { pattern: '/cart', remote: 'consumer', access: 'signed-in' },
  { pattern: '/checkout', remote: 'consumer', access: 'signed-in' },
  { pattern: '/orders', remote: 'consumer', access: 'signed-in' },
  { pattern: '/orders/:orderId/receipt', remote: 'consumer', access: 'signed-in' },
  { pattern: '/favourites', remote: 'consumer', access: 'signed-in' },
  { pattern: '/cook/:cookId', remote: 'consumer' },
  // The shell's own profile page.
  { pattern: '/profile', shell: true, access: 'signed-in' },
  // The operators' console: its sign-in page is the shell's own (public); every other page belongs to
  // the ops remote, whose code the browser fetches only once an operator's session is found.
  { pattern: '/console/connexion', shell: true, access: 'public' },
  { pattern: '/console/*', remote: 'ops', access: 'operator' },
];

/**
 * Whether a page's remote may be fetched before its guard has answered (to save time): not the
 * console's, which buyers and cooks must never download.
 */
export const fetchedBeforeGuard = (access: Access): boolean => access !== 'operator';

/** The first route with a remote, or of the shell itself, whose pattern `matches`. */
function remoteRouteOf(matches: (pattern: string) => boolean): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => (route.remote || route.shell) && matches(route.pattern));
}

/** The remote of the first route with a remote whose pattern `matches` (none: a page of the shell, or no route). */
export function remoteOf(matches: (pattern: string) => boolean): RemoteName | null {
  return remoteRouteOf(matches)?.remote ?? null;
}

/**
 * The remote of the page being opened, read with the browser's URLPattern (no router: this runs
 * before the shared modules are loaded). A router pattern `/x/*` also matches `/x`, which is
 * URLPattern's `/x{/*}?`. Only a head start (see first-remote.ts): where URLPattern is missing,
 * the page loads its remote when it renders, as before. None for a remote fetched only once its
 * guard let the page through (the console's).
 */
export function firstRemoteOf(pathname: string): RemoteName | null {
  if (typeof URLPattern === 'undefined') return null;
  const route = remoteRouteOf((pattern) => new URLPattern({ pathname: pattern.replace(/\/\*$/, '{/*}?') }).test({ pathname }));
  return route?.remote && fetchedBeforeGuard(route.access ?? 'public') ? route.remote : null;
}
