/**
 * Standalone mount, for the consumer team to run its remote without the shell:
 * the same App, wrapped in what the shell normally provides (router, GraphQL client, toasts).
 */
import { mountStandalone } from '@popote/ui/standalone';
import { Router } from '@popote/router';
import App from './expose/App';

mountStandalone(
  <Router>
    <App />
  </Router>,
);
