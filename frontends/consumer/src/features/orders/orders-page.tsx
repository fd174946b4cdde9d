import { buttonClassName, fr, Notice } from '@popote/ui';
import { Link } from 'react-router';
import styles from '../../pages/simple-page.module.css';

// Signed-in only (the shell's guard). The order history arrives with orders.
export function OrdersPage() {
  return (
    <div className="pp-page">
      <title>{`${fr.orders.title} · ${fr.brand}`}</title>
      <h1 className={styles.title}>{fr.orders.title}</h1>
      <Notice
        message={fr.orders.empty}
        actions={
          <Link to="/meals" className={buttonClassName({ variant: 'primary' })}>
            {fr.nav.browseMeals}
          </Link>
        }
      />
    </div>
  );
}
