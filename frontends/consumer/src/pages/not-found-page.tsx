import { buttonClassName, fr, NotFound } from '@popote/ui';
import { Link } from '@popote/router';

// A URL the shell routes here but that has no page (yet).
export function NotFoundPage() {
  return (
    <NotFound
      actions={
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          {fr.common.backHome}
        </Link>
      }
    />
  );
}
