import { buttonClassName, fr, NotFound } from '@popote/ui';
import { Link } from '@popote/router';

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
