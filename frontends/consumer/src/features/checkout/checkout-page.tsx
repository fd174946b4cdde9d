import { useApolloClient, useMutation } from '@popote/graphql';
import { Button, buttonClassName, formatPrice, fr, Notice, Spinner } from '@popote/ui';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from '@popote/router';
import { apiMessage } from '../../lib/api-message';
import pageStyles from '../../pages/simple-page.module.css';
import { clearCheckoutSession, readCheckoutSession, type CheckoutSession } from '../cart/checkout-session';
import { refreshCart } from '../cart/use-cart';
import { CREATE_PAYMENT_INTENT, type CheckoutData, type PaymentIntentData } from './graphql/checkout';
import styles from './checkout-page.module.css';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardForm } from './stripe-card-form';

const t = fr.checkout;

/** Spec §4/§9: to /orders 2 s after a successful payment. */
export const REDIRECT_AFTER_PAYMENT_MS = 2000;

export interface OrdersLocationState {
  /** The checkout just paid: /orders waits for its orders, which appear a moment later. */
  checkoutId?: string;
}

// Signed-in only (the shell's guard).
export function CheckoutPage() {
  const navigate = useNavigate();
  // Read once: what 'Procéder au paiement' stored for this browser tab.
  const [read] = useState(() => readCheckoutSession());

  useEffect(() => {
    if (read.status === 'ok') return;
    toast.error(read.status === 'unreadable' ? t.parseError : t.invalidData, { id: 'checkout-data' });
    navigate('/cart', { replace: true });
  }, [read, navigate]);

  return (
    <div className="pp-page">
      <title>{`${t.title} · ${fr.brand}`}</title>
      <h1 className={pageStyles.title}>{t.title}</h1>
      {read.status === 'ok' ? <Checkout session={read.session} /> : <Spinner size="lg" />}
    </div>
  );
}

function Checkout({ session }: { session: CheckoutSession }) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [createIntent, { data, error, loading }] = useMutation(CREATE_PAYMENT_INTENT);
  const [paid, setPaid] = useState<CheckoutData | null>(null);
  const started = useRef(false);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  const start = () => {
    createIntent().catch(() => {
      // Shown from the mutation's error state.
    });
  };

  useEffect(() => {
    // Once per visit (React's development double effects included).
    if (started.current) return;
    started.current = true;
    start();
  }, []);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const onPaid = (checkout: CheckoutData) => {
    setPaid(checkout);
    toast.dismiss('checkout-payment');
    toast.success(t.success, { id: 'checkout-success' });
    clearCheckoutSession();
    // The server empties the cart once the orders exist (asynchronously): ask now and again.
    void refreshCart(client);
    timers.current.push(setTimeout(() => void refreshCart(client), REDIRECT_AFTER_PAYMENT_MS - 500));
    timers.current.push(
      setTimeout(() => {
        const state: OrdersLocationState = { checkoutId: checkout.checkout_id };
        navigate('/orders', { state });
      }, REDIRECT_AFTER_PAYMENT_MS),
    );
  };

  if (paid) {
    return (
      <section className={styles.success} role="status" aria-labelledby="checkout-success-title">
        <span className={styles.successIcon} aria-hidden="true">
          ✓
        </span>
        <h2 id="checkout-success-title" className={styles.successTitle}>
          {t.successTitle}
        </h2>
        <p>{t.success}</p>
        <p className={styles.muted}>{t.successBody}</p>
        <p className={styles.successAmount}>{formatPrice(paid.amount_cents)}</p>
      </section>
    );
  }

  const intent = data?.createPaymentIntent;
  if (intent) return <CheckoutForm intent={intent} session={session} onPaid={onPaid} />;

  if (error && !loading) {
    return (
      <Notice
        tone="error"
        message={apiMessage(error, t.intentError)}
        actions={
          <div className={styles.actions}>
            <Button variant="primary" onClick={start}>
              {fr.common.retry}
            </Button>
            <Link to="/cart" className={buttonClassName({ variant: 'outline' })}>
              {t.backToCart}
            </Link>
          </div>
        }
      />
    );
  }

  return <Spinner size="lg" label={t.loading} showLabel />;
}

function CheckoutForm({
  intent,
  session,
  onPaid,
}: {
  intent: PaymentIntentData;
  session: CheckoutSession;
  onPaid: (checkout: CheckoutData) => void;
}) {
  const { checkout } = intent;
  // The server's amount is the one charged; say so when prices moved since the cart.
  const amountChanged = checkout.amount_cents !== session.total;
  const cooks = groupByCook(checkout.lines);

  return (
    <div className={styles.layout}>
      <section aria-labelledby="checkout-summary-title" className={styles.card}>
        <h2 id="checkout-summary-title" className={styles.sectionTitle}>
          {t.summary}
        </h2>
        {cooks.map(([cookName, lines]) => (
          <div key={cookName} className={styles.cookGroup}>
            <h3 className={styles.cookName}>{t.cookGroup(cookName)}</h3>
            <ul className={styles.lines}>
              {lines.map((line) => (
                <li key={line.meal_id} className={styles.line}>
                  <span>{t.line(line.name, line.quantity)}</span>
                  <span className={styles.lineAmount}>{formatPrice(line.unit_price_cents * line.quantity)}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <dl className={styles.amounts}>
          <div className={`${styles.amount} ${styles.muted}`}>
            <dt>{t.pickup}</dt>
            <dd>{formatPrice(0)}</dd>
          </div>
          <div className={`${styles.amount} ${styles.total}`}>
            <dt>{t.total}</dt>
            <dd>{formatPrice(checkout.amount_cents)}</dd>
          </div>
        </dl>
        {amountChanged ? (
          <p className={styles.notice} role="note">
            {t.amountChanged(formatPrice(session.total))}
          </p>
        ) : null}
        <Link to="/cart" className={styles.back}>
          <span aria-hidden="true">← </span>
          {t.backToCart}
        </Link>
      </section>

      <section aria-labelledby="checkout-card-title" className={styles.card}>
        <h2 id="checkout-card-title" className={styles.sectionTitle}>
          {t.cardTitle}
        </h2>
        {checkout.provider === 'stripe' ? (
          <StripeCardForm intent={intent} onPaid={onPaid} />
        ) : (
          <SandboxCardForm checkout={checkout} onPaid={onPaid} />
        )}
        <p className={styles.secure}>{t.secure}</p>
      </section>
    </div>
  );
}

function groupByCook(lines: CheckoutData['lines']): Array<[string, CheckoutData['lines']]> {
  const groups = new Map<string, CheckoutData['lines']>();
  for (const line of lines) groups.set(line.cook_name, [...(groups.get(line.cook_name) ?? []), line]);
  return [...groups.entries()];
}
