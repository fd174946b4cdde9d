import { RouteSwitch } from '@popote/router';
import { ConsoleLayout } from '../layout/console-layout';
import { routes } from '../routes';

/**
 * What the shell loads as `popote_ops/App`, once its guard has found an operator's session: the
 * console's frame and its pages. Rendered under the shell's router, GraphQL provider and toaster;
 * matches the full URL (absolute paths) under `/console`.
 */
export default function App() {
  return (
    <ConsoleLayout>
      <RouteSwitch routes={routes} />
    </ConsoleLayout>
  );
}
