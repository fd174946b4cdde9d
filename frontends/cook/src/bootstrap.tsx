import { createGraphQLClient, GraphQLProvider } from '@popote/graphql';
// First: before any module builds a schema.
import './zod-config';
/**
 * Standalone mount, for the cook team to run its remote without the shell:
 * the same App, wrapped in what the shell normally provides (router, GraphQL client, toasts).
 */
import { TOASTER_PROPS, LazyToaster } from '@popote/ui';
import '@popote/ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Redirect, Route, Router, Switch } from '@popote/router';
import App from './expose/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <GraphQLProvider value={createGraphQLClient({ uri: '/graphql' })}>
      <Router>
        <Switch>
          <Route path="/">
            <Redirect to="/cook/dashboard" replace />
          </Route>
          <Route>
            <App />
          </Route>
        </Switch>
        <LazyToaster {...TOASTER_PROPS} />
      </Router>
    </GraphQLProvider>
  </StrictMode>,
);
