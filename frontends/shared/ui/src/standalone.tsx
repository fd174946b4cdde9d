import { createGraphQLClient, GraphQLProvider } from '@popote/graphql';
import { LazyToaster } from '@popote/ui/toast';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/base.css';
import { TOASTER_PROPS } from './toasts';

/**
 * A remote's standalone mount (`@popote/ui/standalone`), for its team to run it without the shell:
 * `app` (the remote's App under a router) rendered in the page's #root with what the shell
 * otherwise provides: the base styles, a GraphQL client of its own and the toaster.
 */
export function mountStandalone(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');
  createRoot(container).render(
    <StrictMode>
      <GraphQLProvider value={createGraphQLClient({ uri: '/graphql' })}>
        {app}
        <LazyToaster {...TOASTER_PROPS} />
      </GraphQLProvider>
    </StrictMode>,
  );
}
