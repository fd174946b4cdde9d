import { matchPath } from '@popote/router';

/** Who may open a page (spec §2, route table). */
export type Access = 'public' | 'signed-in' | 'cook';

/**
 * Signed-in and cook-only pages, first match wins. Guards are a convenience
 * (no flash of a page the person cannot use): the BFF enforces every rule.
 */
export const ROUTE_ACCESS: ReadonlyArray<{ pattern: string; access: Exclude<Access, 'public'> }> = [
  { pattern: '/profile', access: 'signed-in' },
  { pattern: '/orders', access: 'signed-in' },
  { pattern: '/orders/:orderId/receipt', access: 'signed-in' },
  { pattern: '/cart', access: 'signed-in' },
  { pattern: '/checkout', access: 'signed-in' },
  { pattern: '/cook/dashboard/*', access: 'cook' },
  { pattern: '/create-meal', access: 'cook' },
  { pattern: '/meals/:mealId/edit', access: 'cook' },
];

export function accessFor(pathname: string): Access {
  return ROUTE_ACCESS.find(({ pattern }) => matchPath(pattern, pathname))?.access ?? 'public';
}
