import { fr, PageLoading } from '@popote/ui';
import { Component, lazy, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { usePathname } from '@popote/router';
import { RetryPage } from '../pages/notice-page';
import { loadRemoteApp } from './remote-registry';
import type { RemoteName } from './runtime-config';

interface BoundaryProps {
  remote: RemoteName;
  /** Current URL path: navigating away from a failed page triggers a new attempt. */
  resetKey: string;
  /** Asks the parent for a fresh attempt (it remounts this boundary). */
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  failedAt: string | null;
}

/**
 * Catches a remote that cannot be loaded (server down, bad entry, network)
 * or that throws while rendering, and keeps the rest of the shell usable.
 */
class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    // The path is filled in by componentDidCatch; any non-null value means "failed".
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ failedAt: this.props.resetKey });
    console.error(`[popote] remote "${this.props.remote}" unavailable`, error, info.componentStack);
  }

  override componentDidUpdate() {
    const { failedAt } = this.state;
    if (failedAt && failedAt !== this.props.resetKey) this.props.onRetry();
  }

  override render() {
    if (this.state.failedAt !== null) {
      return <RetryPage message={fr.remote.unavailable} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

function lazyRemote(remote: RemoteName) {
  return lazy(() => loadRemoteApp(remote));
}

/**
 * Renders a remote's App behind Suspense and an error boundary. A retry makes
 * a new lazy component (React.lazy remembers a failure forever) and remounts
 * the boundary. The parent keys this component by remote name.
 */
export function RemoteApp({ remote }: { remote: RemoteName }) {
  const pathname = usePathname();
  const [attempt, setAttempt] = useState(() => ({ count: 0, Component: lazyRemote(remote) }));
  const retry = () => setAttempt(({ count }) => ({ count: count + 1, Component: lazyRemote(remote) }));
  const { Component: RemoteComponent } = attempt;

  return (
    <RemoteErrorBoundary key={attempt.count} remote={remote} resetKey={pathname} onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <RemoteComponent />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
