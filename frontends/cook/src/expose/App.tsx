import { routes } from '../routes';
import { RouteSwitch } from '@popote/router';

/**
 * What the shell loads as `popote_cook/App`. It is rendered under the
 * shell's router, GraphQL provider and toaster, and matches the full URL
 * (absolute paths) for the routes the shell gives this remote.
 */
export default function App() {
  return <RouteSwitch routes={routes} />;
}
