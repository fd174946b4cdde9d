import { buttonClassName, fr } from '@popote/ui';
import { Link } from 'react-router';
import { useStartCookingHref } from '../auth/start-cooking';
import styles from './home-page.module.css';

// A first home: the hero. Featured meals, how-it-works and popular cooks come with the consumer home page.
export function HomePage() {
  const startCooking = useStartCookingHref();
  return (
    <>
      <title>{`${fr.brand} · ${fr.home.title}`}</title>
      <section className={styles.hero}>
        <div className={styles.inner}>
          <h1 className={styles.title}>{fr.home.title}</h1>
          <p className={styles.lead}>{fr.home.lead}</p>
          <div className={styles.actions}>
            <Link to="/meals" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
              {fr.home.exploreMeals}
            </Link>
            <Link to={startCooking} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
              {fr.home.startCooking}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
