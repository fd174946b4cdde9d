import { useAuth } from '@popote/auth';
import { Button, fr } from '@popote/ui';
import { lazy, Suspense } from 'react';
import { useAskToSignIn } from '../sign-in-first';
import type { AddToCartControlProps } from './add-to-cart-control';

/** The cart control (the cart's documents, hook and confetti): downloaded for a signed-in person only. */
const AddToCartControl = lazy(() => import('./add-to-cart-control').then((m) => ({ default: m.AddToCartControl })));

/**
 * A meal card's action. A visitor who is not signed in (the first visit, most often) gets the
 * plain 'Ajouter au panier' button, which asks to sign in as the cart would, without the cart's
 * code; a signed-in person gets the cart control (a −/+ stepper once the meal is in the cart),
 * shown as a busy button for the moment it downloads.
 */
export function CardCartAction({ meal }: AddToCartControlProps) {
  const auth = useAuth();
  const askToSignIn = useAskToSignIn();
  const soldOut = meal.portions_available <= 0;
  const plain = (busy: boolean) => (
    <Button variant="primary" size="sm" loading={busy} disabled={soldOut} onClick={askToSignIn}>
      {soldOut ? fr.meal.soldOut : fr.cart.add}
      <span className="pp-visually-hidden"> {meal.name}</span>
    </Button>
  );
  if (auth.status !== 'signed-in') return plain(false);
  return (
    <Suspense fallback={plain(true)}>
      <AddToCartControl meal={meal} />
    </Suspense>
  );
}
