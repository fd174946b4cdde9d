import { fr } from '@popote/ui';
import { Link } from 'react-router';
import { useStartCookingHref } from '../auth/start-cooking';
import styles from './footer.module.css';

// Only pages that exist: /about, /faq, /contact and /privacy join when those pages do.
export function Footer() {
  const becomeCook = useStartCookingHref();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.brand}>{fr.brand}</p>
          <p className={styles.tagline}>{fr.footer.tagline}</p>
        </div>
        <nav aria-label={fr.footer.navigation}>
          <ul className={styles.links}>
            <li>
              <Link to="/meals">{fr.footer.browseMeals}</Link>
            </li>
            <li>
              <Link to={becomeCook}>{fr.footer.becomeCook}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copy}>© {new Date().getFullYear()} {fr.brand}</p>
    </footer>
  );
}
