import { Route, Routes } from 'react-router';
import { RouteGuard } from './auth/route-guard';
import { AuthPage } from './features/auth/auth-page';
import { ProfilePage } from './features/profile/profile-page';
import { Layout } from './layout/layout';
import { HomePage } from './pages/home-page';
import { RemoteRoutes } from './remotes/remote-routes';

/**
 * The shell's own pages first; every other URL goes to RemoteRoutes, which
 * hands it to the remote that owns it (behind the route guard) or shows the 404 page.
 */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route
          path="profile"
          element={
            // The profile page shows its own signed-out state if the session ends while it is open.
            <RouteGuard access="signed-in" handlesSignOut>
              <ProfilePage />
            </RouteGuard>
          }
        />
        <Route path="*" element={<RemoteRoutes />} />
      </Route>
    </Routes>
  );
}
