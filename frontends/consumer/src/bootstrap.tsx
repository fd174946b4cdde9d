import { createGraphQLClient, GraphQLProvider } from '@popote/graphql';
/**
 * Standalone mount, for the consumer team to run its remote without the shell:
 * the same App, wrapped in what the shell normally provides (router, GraphQL client, toasts).
 */
import { TOASTER_PROPS, LazyToaster } from '@popote/ui';
import '@popote/ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from '@popote/router';
import App from './expose/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <GraphQLProvider value={createGraphQLClient({ uri: '/graphql' })}>
      <Router>
        <App />
        <LazyToaster {...TOASTER_PROPS} />
      </Router>
    </GraphQLProvider>
  </StrictMode>,
);
