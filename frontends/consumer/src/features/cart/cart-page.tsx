import { useGraphQLClient, useMutation } from '@popote/graphql';
import { Button, buttonClassName, formatPrice, fr, MEAL_PLACEHOLDER_SRC, Notice, QuantityStepper, QueryState, toast } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@popote/router';
import pageStyles from '../../pages/simple-page.module.css';
import { apiMessage } from '../../lib/api-message';
import styles from './cart-page.module.css';
import { saveCheckoutSession } from './checkout-session';
import { burst } from './confetti';
import { START_CHECKOUT, type CartData, type CartLine } from './graphql/cart';
import { refreshCart, useCart, useCartActions } from './use-cart';

const t = fr.cart;

/** Spec §4/§9: from the cart to /checkout 1 s after the checks pass (time for the confetti). */
export const REDIRECT_TO_CHECKOUT_MS = 1000;

// Signed-in only (the shell's guard).
export function CartPage() {
  const { cart, error, refetch } = useCart({ refresh: true });

  let content;
  if (cart && cart.items.length > 0) content = <FilledCart cart={cart} />;
  else if (cart) {
    content = (
      <Notice
        message={t.empty}
        actions={
          <Link to="/meals" className={buttonClassName({ variant: 'primary' })}>
            {fr.nav.browseMeals}
          </Link>
        }
      />
    );
  } else content = <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;

  return (
    <div className="pp-page">
      <title>{`${t.title} · ${fr.brand}`}</title>
      <h1 className={pageStyles.title}>{t.title}</h1>
      {content}
    </div>
  );
}

function FilledCart({ cart }: { cart: CartData }) {
  const navigate = useNavigate();
  const client = useGraphQLClient();
  const { clear } = useCartActions();
  const [clearing, setClearing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [startCheckout, { loading: checking }] = useMutation(START_CHECKOUT);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const onClear = async () => {
    if (!window.confirm(t.confirmClear)) return;
    setClearing(true);
    try {
      await clear();
    } finally {
      setClearing(false);
    }
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
          <Button
            variant="outline"
            size="sm"
            className={styles.danger}
            loading={clearing}
            disabled={leaving}
            onClick={() => void onClear()}
          >
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
        <Link to="/meals" className={styles.continue}>
          <span aria-hidden="true">← </span>
          {t.continueShopping}
        </Link>
      </section>

      <aside aria-labelledby="cart-summary-title" className={styles.summary}>
        <h2 id="cart-summary-title" className={styles.sectionTitle}>
          {t.summary}
        </h2>
        <dl className={styles.amounts}>
          <div className={styles.amount}>
            <dt>{t.subtotal}</dt>
            <dd>{formatPrice(cart.subtotal_cents)}</dd>
          </div>
          <div className={`${styles.amount} ${styles.muted}`}>
            <dt>{t.pickup}</dt>
            <dd>{formatPrice(0)}</dd>
          </div>
          <div className={`${styles.amount} ${styles.total}`}>
            <dt>{t.total}</dt>
            <dd>{formatPrice(cart.total_cents)}</dd>
          </div>
        </dl>
        <Button variant="primary" size="lg" fullWidth loading={checking || leaving} onClick={() => void onCheckout()}>
          {t.checkout}
        </Button>
      </aside>
    </div>
  );
}

function CartLineRow({ line, locked }: { line: CartLine; locked: boolean }) {
  const { setQuantity, remove } = useCartActions();
  const [busy, setBusy] = useState(false);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const { meal } = line;
  const src = meal.image_card_url || meal.image_url;
  const picture = src && src !== brokenSrc ? src : MEAL_PLACEHOLDER_SRC;
  const stock = meal.portions_available;
  const overStock = line.quantity > stock;

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

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
        <Button
          variant="outline"
          size="sm"
          className={styles.danger}
          disabled={busy || locked}
          onClick={() => void run(() => remove(meal.meal_id))}
        >
          {t.remove}
          <span className="pp-visually-hidden"> {meal.name}</span>
        </Button>
      </div>
    </article>
  );
}
