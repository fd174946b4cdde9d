import { readApiError } from '@popote/auth';
import { Notice, QueryState, type QueryStateProps } from '@popote/ui';

/**
 * The body of a page about one thing (a report, an order) while it is not loaded: the services'
 * message when it does not exist (NOT_FOUND: asking again would not find it, hence no 'Réessayer'),
 * else the spinner or the load error with 'Réessayer'.
 */
export function NotLoaded({ error, errorMessage, onRetry, loadingLabel }: Omit<QueryStateProps, 'page'>) {
  const { code, message } = readApiError(error);
  if (code === 'NOT_FOUND' && message) return <Notice tone="error" message={message} />;
  return <QueryState error={error} errorMessage={errorMessage} onRetry={onRetry} loadingLabel={loadingLabel} />;
}
