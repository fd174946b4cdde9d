import { buttonClassName, fr, Notice } from '@popote/ui';
import { Link } from 'react-router';

// A URL the shell routes here but that has no page (yet).
export function NotFoundPage() {
  return (
    <div className="pp-page">
      <title>{`${fr.notFound.title} · ${fr.brand}`}</title>
      <Notice
        title={fr.notFound.title}
        titleAs="h1"
        message={fr.notFound.body}
        actions={
          <Link to="/" className={buttonClassName({ variant: 'primary' })}>
            {fr.common.backHome}
          </Link>
        }
      />
    </div>
  );
}
