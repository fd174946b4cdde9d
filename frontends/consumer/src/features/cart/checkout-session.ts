/**
 * The checkout session data: kept in the browser session between 'Procéder au
 * paiement' and /checkout. Amounts are euro cents. The server computes the real amount
 * again when the payment starts; this is what the person agreed to on the cart page.
 */
export interface CheckoutSessionItem {
  meal_id: string;
  /** Each cook's part gets its own pick-up slot at checkout. */
  cook_id: string;
  name: string;
  cook_name: string;
  quantity: number;
  price_cents: number;
}

export interface CheckoutSession {
  cartItems: CheckoutSessionItem[];
  subtotal: number;
  total: number;
}

export const CHECKOUT_SESSION_KEY = 'popote:checkout';

export function saveCheckoutSession(session: CheckoutSession, storage: Storage = sessionStorage): void {
  storage.setItem(CHECKOUT_SESSION_KEY, JSON.stringify(session));
}

export function clearCheckoutSession(storage: Storage = sessionStorage): void {
  storage.removeItem(CHECKOUT_SESSION_KEY);
}

export type CheckoutSessionRead =
  | { status: 'ok'; session: CheckoutSession }
  /** Nothing stored, or not the expected shape: 'Données de paiement invalides'. */
  | { status: 'invalid' }
  /** Not JSON: 'Erreur lors du chargement des données'. */
  | { status: 'unreadable' };

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isItem(value: unknown): value is CheckoutSessionItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item['meal_id'] === 'string' &&
    typeof item['cook_id'] === 'string' &&
    typeof item['name'] === 'string' &&
    typeof item['cook_name'] === 'string' &&
    isCount(item['quantity']) &&
    (item['quantity'] as number) > 0 &&
    isCount(item['price_cents'])
  );
}

/** Reads and checks the stored data. */
export function readCheckoutSession(storage: Storage = sessionStorage): CheckoutSessionRead {
  let raw: string | null;
  try {
    raw = storage.getItem(CHECKOUT_SESSION_KEY);
  } catch {
    return { status: 'unreadable' };
  }
  if (raw === null) return { status: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { status: 'unreadable' };
  }
  if (typeof parsed !== 'object' || parsed === null) return { status: 'invalid' };
  const data = parsed as Record<string, unknown>;
  const items = data['cartItems'];
  if (!Array.isArray(items) || items.length === 0 || !items.every(isItem)) return { status: 'invalid' };
  if (!isCount(data['subtotal']) || !isCount(data['total']) || data['total'] <= 0) return { status: 'invalid' };
  return { status: 'ok', session: { cartItems: items, subtotal: data['subtotal'], total: data['total'] } };
}
