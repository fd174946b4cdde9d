import { fr, toast } from '@popote/ui';
import { useNavigate } from '@popote/router';
import { useCallback } from 'react';

/**
 * What adding to the cart does for a visitor who is not signed in: the French toast,
 * then the sign-in page. Shared by the cart's actions and the signed-out cards' plain button, so
 * that both say and do the same.
 */
export function useAskToSignIn(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    toast.error(fr.cart.signInRequired, { id: 'cart-sign-in' });
    navigate('/auth');
  }, [navigate]);
}
