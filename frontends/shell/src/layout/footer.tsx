import { fr } from '@popote/ui';
import { Link } from '@popote/router';
import { useStartCookingHref } from '../auth/start-cooking';
import { useContactEmail } from '../config/contact-email';
import { shellFr } from '../i18n/texts';
import styles from './footer.module.css';

const t = shellFr.footer;

/** Spec §2: links to /meals, the cook sign-up, /about, /faq, /contact, /privacy, and the contact address. */
export function Footer() {
  const becomeCook = useStartCookingHref();
  // From /runtime-config.json (CONTACT_EMAIL): one build serves every environment.
  const contactEmail = useContactEmail();
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
            <li>
              <Link to="/meals">{fr.footer.browseMeals}</Link>
            </li>
            <li>
              <Link to={becomeCook}>{fr.footer.becomeCook}</Link>
            </li>
            <li>
              <Link to="/about">{t.about}</Link>
            </li>
            <li>
              <Link to="/faq">{t.faq}</Link>
            </li>
            <li>
              <Link to="/contact">{t.contact}</Link>
            </li>
            <li>
              <Link to="/privacy">{t.privacy}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copy}>
        © {new Date().getFullYear()} {fr.brand}
      </p>
    </footer>
  );
}
