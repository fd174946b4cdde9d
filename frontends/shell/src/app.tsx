import { lazyPage } from '@popote/ui';
import { RouteSwitch, usePathname, type RouteEntry } from '@popote/router';
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
const TransparencyPage = lazyPage(() => import('./features/transparency/transparency-page'), 'TransparencyPage');
const UnsubscribePage = lazyPage(() => import('./features/alerts/unsubscribe-page'), 'UnsubscribePage');
const OperatorSignInPage = lazyPage(() => import('./features/operator-sign-in/operator-sign-in-page'), 'OperatorSignInPage');

/** The shell's own pages; every other URL goes to RemoteRoutes (the last entry). */
const SHELL_ROUTES: ReadonlyArray<RouteEntry> = [
  { path: '/', element: <HomePage /> },
  { path: '/auth', element: <AuthPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  {
    path: '/profile',
    // The profile page shows its own signed-out state if the session ends while it is open.
    element: (
      <RouteGuard access="signed-in" handlesSignOut>
        <ProfilePage />
      </RouteGuard>
    ),
  },
  { path: '/about', element: <AboutPage /> },
  { path: '/faq', element: <FaqPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  // The yearly transparency report of notice and action (DSA Art. 15/24, ADR 0042).
  { path: '/transparence', element: <TransparencyPage /> },
  { path: '/contact', element: <ContactPage /> },
  // An alert email's unsubscribe link (signed out too), after the BFF's GET /alertes/desabonnement.
  { path: '/alerts/unsubscribe', element: <UnsubscribePage /> },
  // The operators' console: its sign-in page (public, here); its other pages are the ops remote's (RemoteRoutes).
  { path: '/console/connexion', element: <OperatorSignInPage /> },
  { element: <RemoteRoutes /> },
];

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
  const pathname = usePathname();
  return (
    <>
      <AppErrorBoundary resetKey={pathname}>
        <Layout>
          <RouteErrorBoundary>
            <RouteSwitch routes={SHELL_ROUTES} />
          </RouteErrorBoundary>
        </Layout>
      </AppErrorBoundary>
      <PwaSupport />
    </>
  );
}
