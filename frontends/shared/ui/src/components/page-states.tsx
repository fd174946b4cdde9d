import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { fr } from '@popote/ui/fr';
import { Button } from './button';
import { Notice } from './notice';
import { Spinner } from './spinner';

export interface NotFoundProps {
  /** Defaults to the generic 404 texts ('Page introuvable'). */
  title?: string;
  message?: ReactNode;
  /** The links offered (the app's router links: this package has no router). */
  actions: ReactNode;
}

/** A whole page saying that what the URL names does not exist (sets the document title). */
export function NotFound({ title = fr.notFound.title, message = fr.notFound.body, actions }: NotFoundProps) {
  return (
    <div className="pp-page">
      <title>{`${title} · ${fr.brand}`}</title>
      <Notice title={title} titleAs="h1" message={message} actions={actions} />
    </div>
  );
}

export interface QueryStateProps {
  /** Truthy once loading failed: shows `errorMessage` with 'Réessayer'; otherwise the spinner. */
  error: unknown;
  errorMessage: ReactNode;
  /** Called on 'Réessayer'; a returned promise's rejection is ignored (the error stays on screen). */
  onRetry: () => unknown;
  loadingLabel: string;
  /** Wrap in `.pp-page` when the state is the whole page (not content under the page's own title). */
  page?: boolean;
}

/** A load error, with 'Réessayer' (a returned promise's rejection is ignored: the error stays on screen). */
export function RetryNotice({ message, onRetry }: { message: ReactNode; onRetry: () => unknown }) {
  return (
    <Notice
      tone="error"
      message={message}
      actions={
        <Button variant="primary" onClick={() => void Promise.resolve(onRetry()).catch(() => undefined)}>
          {fr.common.retry}
        </Button>
      }
    />
  );
}

/** What a page shows while its data is not there: a large spinner, or the load error with a retry button. */
export function QueryState({ error, errorMessage, onRetry, loadingLabel, page = false }: QueryStateProps) {
  const content = error ? <RetryNotice message={errorMessage} onRetry={onRetry} /> : <Spinner size="lg" label={loadingLabel} showLabel />;
  return page ? <div className="pp-page">{content}</div> : content;
}

/** A whole page while its code loads (a lazy route): the large spinner, read as 'Chargement...'. */
export function PageLoading() {
  return (
    <div className="pp-page">
      <Spinner size="lg" />
    </div>
  );
}

/**
 * A route component loaded on first use (its own chunk): `lazyPage(() => import('./x'), 'XPage')`.
 * Render it under a Suspense showing <PageLoading />; a failed download reaches the error boundary.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}
