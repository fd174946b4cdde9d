import { type GraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { apiMessage, useAuth } from '@popote/auth';
import { fr, toast } from '@popote/ui';
import { useCallback } from 'react';
import { isUnauthenticated } from '../../lib/api-message';
import { celebrateFirstAdd, startsNewCart } from './confetti';
import { useAskToSignIn } from './sign-in-first';
import {
  AddToCartDocument,
  CartDocument,
  ClearCartDocument,
  RemoveFromCartDocument,
  SetCartQuantityDocument,
} from './graphql/cart.generated';
import type { CartData } from './graphql/cart';

export interface CartState {
  signedIn: boolean;
  /** Null while signed out, loading, or when it could not be read. */
  cart: CartData | null;
  loading: boolean;
  error: unknown;
  refetch: () => void;
  /** Portions of this meal already in the cart (0 when none, or signed out). */
  quantityOf: (mealId: string) => number;
}

/**
 * The signed-in person's cart, from the page's one Graphcache cache: every card, the meal
 * page and /cart read the same entry (one request), and every cart mutation replaces it.
 */
export function useCart({ refresh = false }: { refresh?: boolean } = {}): CartState {
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const { data, error, loading, refetch } = useQuery(CartDocument, {
    skip: !signedIn,
    // The cart page asks the server again (stock and prices move); cards read the cache.
    requestPolicy: refresh ? 'cache-and-network' : 'cache-first',
  });
  const cart = signedIn ? (data?.cart ?? null) : null;
  const quantityOf = useCallback((mealId: string) => cart?.items.find((item) => item.meal_id === mealId)?.quantity ?? 0, [cart]);
  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);
  return { signedIn, cart, loading: signedIn && loading && !data, error: signedIn ? error : undefined, refetch: retry, quantityOf };
}

/** Asks the server for the cart again (the payment empties it asynchronously). */
export async function refreshCart(client: GraphQLClient): Promise<void> {
  await client.query(CartDocument, {}, { requestPolicy: 'network-only' }).catch(() => undefined);
}

const toastId = (kind: string, mealId = '') => `cart-${kind}-${mealId}`;

/**
 * The cart's actions with their French toasts. Each resolves true on success.
 * A signed-out visitor (or one whose session ended) is asked to sign in and sent to /auth.
 */
export function useCartActions() {
  const auth = useAuth();
  const [addMutation] = useMutation(AddToCartDocument);
  const [setQuantityMutation] = useMutation(SetCartQuantityDocument);
  const [removeMutation] = useMutation(RemoveFromCartDocument);
  const [clearMutation] = useMutation(ClearCartDocument);

  const askToSignIn = useAskToSignIn();

  const fail = useCallback(
    (error: unknown, fallback: string, id: string) => {
      if (isUnauthenticated(error)) askToSignIn();
      else toast.error(apiMessage(error, fallback), { id });
    },
    [askToSignIn],
  );

  const add = useCallback(
    async (mealId: string, quantity: number): Promise<boolean> => {
      if (auth.status !== 'signed-in') {
        askToSignIn();
        return false;
      }
      try {
        const { data } = await addMutation({ variables: { meal_id: mealId, quantity } });
        celebrateFirstAdd(data ? startsNewCart(data.addToCart, mealId, quantity) : false);
        toast.success(fr.cart.added(quantity), { id: toastId('add', mealId) });
        return true;
      } catch (error) {
        fail(error, fr.cart.addError, toastId('add', mealId));
        return false;
      }
    },
    [addMutation, askToSignIn, auth.status, fail],
  );

  const remove = useCallback(
    async (mealId: string): Promise<boolean> => {
      try {
        await removeMutation({ variables: { meal_id: mealId } });
        toast.success(fr.cart.removed, { id: toastId('remove', mealId) });
        return true;
      } catch (error) {
        fail(error, fr.cart.removeError, toastId('remove', mealId));
        return false;
      }
    },
    [removeMutation, fail],
  );

  /** A quantity of 0 removes the line ('Article retiré du panier'). */
  const setQuantity = useCallback(
    async (mealId: string, quantity: number): Promise<boolean> => {
      if (quantity <= 0) return remove(mealId);
      try {
        await setQuantityMutation({ variables: { meal_id: mealId, quantity } });
        return true;
      } catch (error) {
        fail(error, fr.cart.quantityError, toastId('quantity', mealId));
        return false;
      }
    },
    [setQuantityMutation, remove, fail],
  );

  const clear = useCallback(async (): Promise<boolean> => {
    try {
      await clearMutation();
      toast.success(fr.cart.cleared, { id: toastId('clear') });
      return true;
    } catch (error) {
      fail(error, fr.cart.clearError, toastId('clear'));
      return false;
    }
  }, [clearMutation, fail]);

  return { add, setQuantity, remove, clear };
}
