import type { RemoteName } from './runtime-config';

/** Who may open a page. */
export type Access = 'public' | 'signed-in' | 'cook';

export interface PageRoute {
  pattern: string;
  /** The remote that owns the URLs; none for a page of the shell itself. */
  remote?: RemoteName;
  /** Signed-in or cook-only; every other page is public. */
  access?: Exclude<Access, 'public'>;
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
  { pattern: '/profile', access: 'signed-in' },
];

/** The remote of the first route with a remote whose pattern `matches`. */
export function remoteOf(matches: (pattern: string) => boolean): RemoteName | null {
  return PAGE_ROUTES.find((route) => route.remote && matches(route.pattern))?.remote ?? null;
}

/**
 * The remote of the page being opened, read with the browser's URLPattern (no router: this runs
 * before the shared modules are loaded). A router pattern `/x/*` also matches `/x`, which is
 * URLPattern's `/x{/*}?`. Only a head start (see first-remote.ts): where URLPattern is missing,
 * the page loads its remote when it renders, as before.
 */
export function firstRemoteOf(pathname: string): RemoteName | null {
  if (typeof URLPattern === 'undefined') return null;
  return remoteOf((pattern) => new URLPattern({ pathname: pattern.replace(/\/\*$/, '{/*}?') }).test({ pathname }));
}
