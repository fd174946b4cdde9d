import { useGraphQLClient, useMutation } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, formatPrice, fr, MEAL_PLACEHOLDER_SRC, QuantityStepper, QueryState, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@popote/router';
import { SimplePage } from '../../pages/simple-page';
import { Amounts } from '../../components/amounts';
import { BackLink } from '../../components/back-link';
import { MealsNotice } from '../../components/meals-link';
import styles from './cart-page.module.css';
import { saveCheckoutSession } from './checkout-session';
import { burst } from './confetti';
import { StartCheckoutDocument } from './graphql/cart.generated';
import type { CartData, CartLine } from './graphql/cart';
import { useBusy } from './use-busy';
import { refreshCart, useCart, useCartActions } from './use-cart';

const t = fr.cart;

/** From the cart to /checkout 1 s after the checks pass (time for the confetti). */
export const REDIRECT_TO_CHECKOUT_MS = 1000;

// Signed-in only (the shell's guard).
export function CartPage() {
  const { cart, error, refetch } = useCart({ refresh: true });

  let content;
  if (cart && cart.items.length > 0) content = <FilledCart cart={cart} />;
  else if (cart) {
    content = <MealsNotice message={t.empty} linkLabel={fr.nav.browseMeals} />;
  } else content = <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;

  return <SimplePage title={t.title}>{content}</SimplePage>;
}

function FilledCart({ cart }: { cart: CartData }) {
  const navigate = useNavigate();
  const client = useGraphQLClient();
  const { clear } = useCartActions();
  const [clearing, runClear] = useBusy();
  const [leaving, setLeaving] = useState(false);
  const [startCheckout, { loading: checking }] = useMutation(StartCheckoutDocument);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const onClear = async () => {
    if (window.confirm(t.confirmClear)) await runClear(clear);
  };

  const onCheckout = async () => {
    try {
      const { data } = await startCheckout();
      const checked = data?.startCheckout ?? cart;
      saveCheckoutSession({
        cartItems: checked.items.map((item) => ({
          meal_id: item.meal_id,
          cook_id: item.meal.cook_id,
          name: item.meal.name,
          cook_name: item.meal.cook_name,
          quantity: item.quantity,
          price_cents: item.meal.price_cents,
        })),
        subtotal: checked.subtotal_cents,
        total: checked.total_cents,
      });
      setLeaving(true);
      burst();
      redirect.current = setTimeout(() => navigate('/checkout'), REDIRECT_TO_CHECKOUT_MS);
    } catch (error) {
      toast.error(apiMessage(error, t.checkoutError), { id: 'cart-checkout' });
      // Stock or prices may have moved: show the lines as they are now.
      void refreshCart(client);
    }
  };

  return (
    <div className={styles.layout}>
      <section aria-labelledby="cart-lines-title" className={styles.lines}>
        <div className={styles.linesHeader}>
          <h2 id="cart-lines-title" className={styles.sectionTitle}>
            {`${cart.item_count} portion${cart.item_count > 1 ? 's' : ''}`}
          </h2>
          <Button variant="danger" size="sm" loading={clearing} disabled={leaving} onClick={() => void onClear()}>
            {t.clear}
          </Button>
        </div>
        <ul className={styles.list}>
          {cart.items.map((line) => (
            <li key={line.cart_item_id}>
              <CartLineRow line={line} locked={leaving} />
            </li>
          ))}
        </ul>
        <BackLink to="/meals" className={styles.continue}>
          {t.continueShopping}
        </BackLink>
      </section>

      <aside aria-labelledby="cart-summary-title" className={styles.summary}>
        <h2 id="cart-summary-title" className={styles.sectionTitle}>
          {t.summary}
        </h2>
        <Amounts
          ruled
          lines={[
            { label: t.subtotal, cents: cart.subtotal_cents },
            { label: t.pickup, cents: 0, tone: 'muted' },
            { label: t.total, cents: cart.total_cents, tone: 'total' },
          ]}
        />
        <Button variant="primary" size="lg" fullWidth loading={checking || leaving} onClick={() => void onCheckout()}>
          {t.checkout}
        </Button>
      </aside>
    </div>
  );
}

function CartLineRow({ line, locked }: { line: CartLine; locked: boolean }) {
  const { setQuantity, remove } = useCartActions();
  const [busy, run] = useBusy();
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const { meal } = line;
  const src = meal.image_card_url || meal.image_url;
  const picture = src && src !== brokenSrc ? src : MEAL_PLACEHOLDER_SRC;
  const stock = meal.portions_available;
  const overStock = line.quantity > stock;

  return (
    <article className={styles.line} aria-labelledby={`cart-line-${line.cart_item_id}`}>
      <img
        className={styles.picture}
        src={picture}
        alt=""
        width={120}
        height={90}
        onError={() => {
          if (src) setBrokenSrc(src);
        }}
      />
      <div className={styles.info}>
        <h3 id={`cart-line-${line.cart_item_id}`} className={styles.name}>
          <Link to={`/meals/${encodeURIComponent(meal.meal_id)}`}>{meal.name}</Link>
        </h3>
        <p className={styles.cook}>{t.byCook(meal.cook_name)}</p>
        <p className={styles.unit}>
          <span className="pp-visually-hidden">{`${t.unitPrice} : `}</span>
          {formatPrice(meal.price_cents)}
        </p>
        {overStock ? (
          <p className={styles.stockWarning} role="alert">
            {stock <= 0 ? fr.meal.soldOut : t.stockLeft(stock)}
          </p>
        ) : null}
      </div>
      <div className={styles.controls}>
        <QuantityStepper
          size="sm"
          value={line.quantity}
          min={1}
          max={Math.max(stock, 1)}
          busy={busy || locked}
          label={t.quantityOf(meal.name)}
          onChange={(next) => void run(() => setQuantity(meal.meal_id, next))}
        />
        <p className={styles.lineTotal}>
          <span className="pp-visually-hidden">{`${t.lineTotal} : `}</span>
          {formatPrice(line.line_total_cents)}
        </p>
        <Button variant="danger" size="sm" disabled={busy || locked} onClick={() => void run(() => remove(meal.meal_id))}>
          {t.remove}
          <span className="pp-visually-hidden"> {meal.name}</span>
        </Button>
      </div>
    </article>
  );
}
