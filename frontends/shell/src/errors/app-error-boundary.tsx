import { Button, buttonClassName, fr, PageLoading } from '@popote/ui';
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { usePathname } from '@popote/router';
import { shellFr } from '../i18n/texts';
import { NoticePage } from '../pages/notice-page';

interface Props {
  /** Changing it (the URL path) clears a shown error: another page gets its chance. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

/** 'Unexpected Application Error!': the screen shown for an error nobody handled. */
export function UnexpectedErrorScreen() {
  const t = shellFr.error;
  return (
    <NoticePage
      tone="error"
      title={t.title}
      message={t.body}
      actions={
        <p style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'center', margin: 0 }}>
          {/* Plain links: a full page load starts the application again from a clean state. */}
          <a href="/" className={buttonClassName({ variant: 'primary' })}>
            {fr.common.backHome}
          </a>
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t.reload}
          </Button>
        </p>
      }
    />
  );
}

/**
 * Catches what a page of the shell throws while rendering (remote pages have their own
 * boundary, see ../remotes/remote-app.tsx) and shows 'Erreur inattendue de l'application'
 * instead of a blank page. Navigating elsewhere clears it.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ failedAt: this.props.resetKey });
    console.error('[popote] unexpected application error', error, info.componentStack);
  }

  override componentDidUpdate() {
    const { failedAt } = this.state;
    if (failedAt && failedAt !== this.props.resetKey) this.setState({ failedAt: null });
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <UnexpectedErrorScreen />;
  }
}

/** Around the page inside the layout: a failing page shows the error, the nav bar and footer stay. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </AppErrorBoundary>
  );
}
