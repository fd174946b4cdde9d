import { lazyPage } from '@popote/ui';
import { Route, Routes, useLocation } from '@popote/router';
import { RouteGuard } from './auth/route-guard';
import { AppErrorBoundary, RouteErrorBoundary } from './errors/app-error-boundary';
import { Layout } from './layout/layout';
import { HomePage } from './pages/home-page';
import { PwaSupport } from './pwa/pwa-support';
import { RemoteRoutes } from './remotes/remote-routes';

// The shell's own pages load on first visit (their forms bring zod and react-hook-form):
// the first page of a visit, usually a remote's, downloads none of them.
const AuthPage = lazyPage(() => import('./features/auth/auth-page'), 'AuthPage');
const ForgotPasswordPage = lazyPage(() => import('./features/account/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./features/account/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('./features/account/verify-email-page'), 'VerifyEmailPage');
const ContactPage = lazyPage(() => import('./features/contact/contact-page'), 'ContactPage');
const ProfilePage = lazyPage(() => import('./features/profile/profile-page'), 'ProfilePage');
const AboutPage = lazyPage(() => import('./pages/static/about-page'), 'AboutPage');
const FaqPage = lazyPage(() => import('./pages/static/faq-page'), 'FaqPage');
const PrivacyPage = lazyPage(() => import('./pages/static/privacy-page'), 'PrivacyPage');

/**
 * The shell's own pages first; every other URL goes to RemoteRoutes, which
 * hands it to the remote that owns it (behind the route guard) or shows the 404 page.
 *
 * Pages load lazily behind RouteErrorBoundary's Suspense ('Chargement...').
 *
 * Errors nobody handled show 'Erreur inattendue de l'application': inside the layout
 * for a page (RouteErrorBoundary; remotes have their own fallback), or alone if the
 * layout itself fails (AppErrorBoundary).
 */
export function App() {
  const { pathname } = useLocation();
  return (
    <>
      <AppErrorBoundary resetKey={pathname}>
        <Routes>
          <Route element={<Layout />}>
            <Route element={<RouteErrorBoundary />}>
              <Route index element={<HomePage />} />
              <Route path="auth" element={<AuthPage />} />
              <Route path="forgot-password" element={<ForgotPasswordPage />} />
              <Route path="reset-password" element={<ResetPasswordPage />} />
              <Route path="verify-email" element={<VerifyEmailPage />} />
              <Route
                path="profile"
                element={
                  // The profile page shows its own signed-out state if the session ends while it is open.
                  <RouteGuard access="signed-in" handlesSignOut>
                    <ProfilePage />
                  </RouteGuard>
                }
              />
              <Route path="about" element={<AboutPage />} />
              <Route path="faq" element={<FaqPage />} />
              <Route path="privacy" element={<PrivacyPage />} />
              <Route path="contact" element={<ContactPage />} />
              <Route path="*" element={<RemoteRoutes />} />
            </Route>
          </Route>
        </Routes>
      </AppErrorBoundary>
      <PwaSupport />
    </>
  );
}
