import { Route, Routes, useLocation } from 'react-router';
import { RouteGuard } from './auth/route-guard';
import { AppErrorBoundary, RouteErrorBoundary } from './errors/app-error-boundary';
import { ForgotPasswordPage } from './features/account/forgot-password-page';
import { ResetPasswordPage } from './features/account/reset-password-page';
import { VerifyEmailPage } from './features/account/verify-email-page';
import { AuthPage } from './features/auth/auth-page';
import { ContactPage } from './features/contact/contact-page';
import { ProfilePage } from './features/profile/profile-page';
import { Layout } from './layout/layout';
import { HomePage } from './pages/home-page';
import { AboutPage } from './pages/static/about-page';
import { FaqPage } from './pages/static/faq-page';
import { PrivacyPage } from './pages/static/privacy-page';
import { PwaSupport } from './pwa/pwa-support';
import { RemoteRoutes } from './remotes/remote-routes';

/**
 * The shell's own pages first; every other URL goes to RemoteRoutes, which
 * hands it to the remote that owns it (behind the route guard) or shows the 404 page.
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
