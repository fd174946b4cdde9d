// First: before any module builds a schema.
import './zod-config';
/**
 * Standalone mount, for the cook team to run its remote without the shell:
 * the same App, wrapped in what the shell normally provides (router, GraphQL client, toasts).
 */
import { mountStandalone } from '@popote/ui/standalone';
import { Redirect, Route, Router, Switch } from '@popote/router';
import App from './expose/App';

mountStandalone(
  <Router>
    <Switch>
      <Route path="/">
        <Redirect to="/cook/dashboard" replace />
      </Route>
      <Route>
        <App />
      </Route>
    </Switch>
  </Router>,
);
