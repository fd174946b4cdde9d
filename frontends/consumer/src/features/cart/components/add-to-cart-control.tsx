import { Button, fr, QuantityStepper } from '@popote/ui';
import { useBusy } from '../use-busy';
import { useCart, useCartActions } from '../use-cart';

export interface AddToCartControlProps {
  meal: { meal_id: string; name: string; portions_available: number };
}

/**
 * A meal card's action: a −/+ stepper when the meal is in the cart (+ disabled
 * at stock, − at one portion removes it), otherwise 'Ajouter au panier'.
 */
export function AddToCartControl({ meal }: AddToCartControlProps) {
  const { quantityOf } = useCart();
  const { add, setQuantity } = useCartActions();
  const [busy, run] = useBusy();
  const inCart = quantityOf(meal.meal_id);
  const soldOut = meal.portions_available <= 0;

  if (inCart > 0) {
    return (
      <QuantityStepper
        size="sm"
        value={inCart}
        max={meal.portions_available}
        removeAtMin
        busy={busy}
        label={fr.cart.quantityOf(meal.name)}
        onChange={(next) => void run(() => setQuantity(meal.meal_id, next))}
      />
    );
  }

  return (
    <Button variant="primary" size="sm" loading={busy} disabled={soldOut} onClick={() => void run(() => add(meal.meal_id, 1))}>
      {soldOut ? fr.meal.soldOut : fr.cart.add}
      <span className="pp-visually-hidden"> {meal.name}</span>
    </Button>
  );
}
