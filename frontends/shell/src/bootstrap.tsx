import { createGraphQLClient, GraphQLProvider } from '@popote/graphql';
import '@popote/ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from '@popote/router';
import { App } from './app';
import { preloadRuntimeConfig } from './remotes/runtime-config';

// Start reading where the remotes live while React renders the layout.
preloadRuntimeConfig();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const client = createGraphQLClient({ uri: '/graphql' });

createRoot(container).render(
  <StrictMode>
    <GraphQLProvider value={client}>
      <Router>
        <App />
      </Router>
    </GraphQLProvider>
  </StrictMode>,
);
