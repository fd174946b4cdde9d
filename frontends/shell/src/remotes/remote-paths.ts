import type { RemoteName } from './runtime-config';

/**
 * Which remote owns which URLs (architecture §5). First match wins, so the
 * more specific patterns come first. A remote receives the whole URL and
 * matches its own routes with absolute paths; pages it does not have yet
 * end on its own "Page introuvable".
 */
export const REMOTE_ROUTES: ReadonlyArray<{ pattern: string; remote: RemoteName }> = [
  // Home (featured meals, popular cooks) belongs to the consumer team; see ../pages/home-page.tsx.
  { pattern: '/', remote: 'consumer' },
  { pattern: '/meals/:mealId/edit', remote: 'cook' },
  { pattern: '/create-meal', remote: 'cook' },
  { pattern: '/cook/dashboard/*', remote: 'cook' },
  { pattern: '/meals/*', remote: 'consumer' },
  { pattern: '/cart', remote: 'consumer' },
  { pattern: '/checkout', remote: 'consumer' },
  { pattern: '/orders', remote: 'consumer' },
  { pattern: '/orders/:orderId/receipt', remote: 'consumer' },
  { pattern: '/cook/:cookId', remote: 'consumer' },
];

/**
 * The remote of the page being opened, read with the browser's URLPattern (no router: this runs
 * before the shared modules are loaded). A router pattern `/x/*` also matches `/x`, which is
 * URLPattern's `/x{/*}?`. Only a head start (see first-remote.ts): where URLPattern is missing,
 * the page loads its remote when it renders, as before.
 */
export function firstRemoteOf(pathname: string): RemoteName | null {
  if (typeof URLPattern === 'undefined') return null;
  const route = REMOTE_ROUTES.find(({ pattern }) => new URLPattern({ pathname: pattern.replace(/\/\*$/, '{/*}?') }).test({ pathname }));
  return route ? route.remote : null;
}
