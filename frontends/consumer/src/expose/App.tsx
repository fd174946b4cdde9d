import { startFirstPage } from '../first-page';
import { routes } from '../routes';
import { RouteSwitch } from '@popote/router';

// The first page's chunk and query start now, while the shell is still rendering its layout.
startFirstPage(window.location);

/**
 * What the shell loads as `popote_consumer/App`. It is rendered under the
 * shell's router, GraphQL provider and toaster, and matches the full URL
 * (absolute paths) for the routes the shell gives this remote.
 */
export default function App() {
  return <RouteSwitch routes={routes} />;
}
