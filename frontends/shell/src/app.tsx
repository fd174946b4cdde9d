import { Route, Routes } from 'react-router';
import { Layout } from './layout/layout';
import { AuthPage } from './pages/auth-page';
import { HomePage } from './pages/home-page';
import { RemoteRoutes } from './remotes/remote-routes';

/**
 * The shell's own pages first; every other URL goes to RemoteRoutes, which
 * hands it to the remote that owns it or shows the 404 page.
 */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="*" element={<RemoteRoutes />} />
      </Route>
    </Routes>
  );
}
