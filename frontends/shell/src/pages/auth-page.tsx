import { buttonClassName, fr, Notice } from '@popote/ui';
import { Link } from 'react-router';

// Sign-in and sign-up arrive with accounts; until then the page says so and offers the catalogue.
export function AuthPage() {
  return (
    <div className="pp-page">
      <title>{`${fr.auth.title} · ${fr.brand}`}</title>
      <Notice
        title={fr.auth.title}
        titleAs="h1"
        message={fr.auth.comingSoon}
        actions={
          <Link to="/meals" className={buttonClassName({ variant: 'primary' })}>
            {fr.nav.browseMeals}
          </Link>
        }
      />
    </div>
  );
}
