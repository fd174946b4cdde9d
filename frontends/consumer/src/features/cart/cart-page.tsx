import { buttonClassName, fr, Notice } from '@popote/ui';
import { Link } from 'react-router';
import styles from '../../pages/simple-page.module.css';

// Signed-in only (the shell's guard). Items, quantities and 'Procéder au paiement' arrive with the cart.
export function CartPage() {
  return (
    <div className="pp-page">
      <title>{`${fr.cart.title} · ${fr.brand}`}</title>
      <h1 className={styles.title}>{fr.cart.title}</h1>
      <Notice
        message={fr.cart.empty}
        actions={
          <Link to="/meals" className={buttonClassName({ variant: 'primary' })}>
            {fr.nav.browseMeals}
          </Link>
        }
      />
    </div>
  );
}
