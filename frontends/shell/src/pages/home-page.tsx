import { RemoteRoutes } from '../remotes/remote-routes';

/**
 * `/` is the consumer remote's home page (hero, featured meals, how it works,
 * popular cooks), listed in PAGE_ROUTES (remotes/remote-paths.ts) like every other remote page.
 *
 * The index route renders the very same component as the catch-all route, so
 * React keeps the mounted remote when going from / to /meals and back (no
 * reload of the remote, no spinner flash between the two).
 */
export const HomePage = RemoteRoutes;
