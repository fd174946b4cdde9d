import { fr, Notice, QueryState, type NoticeProps } from '@popote/ui';

/** A whole page that is a notice (signed out, a link without its token...): the document title and the notice's h1. */
export function NoticePage({ title, ...notice }: Omit<NoticeProps, 'titleAs'> & { title: string }) {
  return (
    <div className="pp-page">
      <title>{`${title} · ${fr.brand}`}</title>
      <Notice title={title} titleAs="h1" {...notice} />
    </div>
  );
}

/** A whole page whose load failed (the signed-in person, a remote): what went wrong and 'Réessayer' (QueryState's failed state). */
export function RetryPage({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <QueryState page error errorMessage={message} onRetry={onRetry} loadingLabel="" />;
}
