/**
 * Standalone mount, for the team to run the console without the shell: the same App, wrapped in
 * what the shell normally provides (router, GraphQL client, toasts). There is no sign-in page here
 * (it belongs to the shell): sign in through the shell first, or see the console's notice.
 */
import { mountStandalone } from '@popote/ui/standalone';
import { Redirect, Route, Router, Switch } from '@popote/router';
import App from './expose/App';

mountStandalone(
  <Router>
    <Switch>
      <Route path="/">
        <Redirect to="/console" replace />
      </Route>
      <Route>
        <App />
      </Route>
    </Switch>
  </Router>,
);
