import { matchPath } from '@popote/router';
import { PAGE_ROUTES, type Access } from '../remotes/remote-paths';

export type { Access } from '../remotes/remote-paths';

/** Who may open `pathname`: the first route with an access that matches it (the route table is ../remotes/remote-paths.ts). */
export function accessFor(pathname: string): Access {
  return PAGE_ROUTES.find((route) => route.access && matchPath(route.pattern, pathname))?.access ?? 'public';
}
