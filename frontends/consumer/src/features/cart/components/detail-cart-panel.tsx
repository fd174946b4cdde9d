import { Button, fr, QuantityStepper } from '@popote/ui';
import { useState } from 'react';
import { useCart, useCartActions } from '../use-cart';
import styles from './detail-cart-panel.module.css';

/** What is left to add: the stock minus what is already in the cart. */
export function remainingFor(portionsAvailable: number, inCart: number): number {
  return Math.max(0, portionsAvailable - inCart);
}

/**
 * The meal page's add-to-cart panel: a stepper from 1 up to what remains, the note
 * 'Vous avez déjà N portion(s) dans votre panier', and 'Ajouter N au panier'
 * ('Épuisé', disabled, when nothing remains).
 */
export function DetailCartPanel({ meal }: { meal: { meal_id: string; name: string; portions_available: number } }) {
  const { quantityOf } = useCart();
  const { add } = useCartActions();
  const [wanted, setWanted] = useState(1);
  const [busy, setBusy] = useState(false);
  const inCart = quantityOf(meal.meal_id);
  const remaining = remainingFor(meal.portions_available, inCart);
  const quantity = Math.min(Math.max(1, wanted), Math.max(1, remaining));

  const onAdd = async () => {
    setBusy(true);
    try {
      if (await add(meal.meal_id, quantity)) setWanted(1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.panel}>
      {inCart > 0 ? (
        <p className={styles.note} role="status">
          {fr.cart.alreadyInCart(inCart)}
        </p>
      ) : null}
      {remaining > 0 ? (
        <div className={styles.row}>
          <QuantityStepper
            value={quantity}
            min={1}
            max={remaining}
            busy={busy}
            label={fr.cart.quantityOf(meal.name)}
            onChange={setWanted}
          />
          <Button variant="primary" size="lg" loading={busy} onClick={() => void onAdd()}>
            {fr.cart.addQuantity(quantity)}
          </Button>
        </div>
      ) : (
        <Button variant="primary" size="lg" disabled>
          {fr.meal.soldOut}
        </Button>
      )}
    </div>
  );
}
