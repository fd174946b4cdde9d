import { fr } from '@popote/ui';
import { Link } from '@popote/router';
import { useStartCookingHref } from '../auth/start-cooking';
import { useContactEmail } from '../config/contact-email';
import { shellFr } from '../i18n/texts';
import styles from './footer.module.css';

const t = shellFr.footer;

/** Links to /meals, the cook sign-up, /about, /faq, /contact, /privacy, /transparence, and the contact address. */
export function Footer() {
  const becomeCook = useStartCookingHref();
  // From /runtime-config.json (CONTACT_EMAIL): one build serves every environment.
  const contactEmail = useContactEmail();
  const links: Array<[to: string, label: string]> = [
    ['/meals', fr.footer.browseMeals],
    [becomeCook, fr.footer.becomeCook],
    ['/about', t.about],
    ['/faq', t.faq],
    ['/contact', t.contact],
    ['/privacy', t.privacy],
    ['/transparence', t.transparency],
  ];
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.brand}>{fr.brand}</p>
          <p className={styles.tagline}>{fr.footer.tagline}</p>
          {contactEmail ? (
            <p className={styles.contact}>
              {t.contactLabel} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </p>
          ) : null}
        </div>
        <nav aria-label={fr.footer.navigation}>
          <ul className={styles.links}>
            {links.map(([to, label]) => (
              <li key={label}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.copy}>
        © {new Date().getFullYear()} {fr.brand}
      </p>
    </footer>
  );
}
