import { Link } from '@popote/router';
import { buttonClassName } from './button';
import { fr } from '@popote/ui/fr';
import { NotFound } from './page-states';

/**
 * The 404 page of the shell and of each remote (a URL routed to an app that has no page for it),
 * with 'Retour à l'accueil'. Its own entry, `@popote/ui/not-found-page`: the main one stays free of
 * the router, so the server-side render of the cards does not need it.
 */
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
