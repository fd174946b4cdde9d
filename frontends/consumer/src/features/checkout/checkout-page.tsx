import { useGraphQLClient, useMutation } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, buttonClassName, formatPrice, Spinner, toast } from '@popote/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from '@popote/router';
import { Amounts } from '../../components/amounts';
import { BackLink } from '../../components/back-link';
import { SimplePage } from '../../pages/simple-page';
import { clearCheckoutSession, readCheckoutSession, type CheckoutSession } from '../cart/checkout-session';
import { refreshCart } from '../cart/use-cart';
import { CreatePaymentIntentDocument } from './graphql/checkout.generated';
import type { CheckoutData, PaymentIntentData } from './graphql/checkout';
import styles from './checkout-page.module.css';
import { ChangeSlots } from './change-slots';
import { Reservation, useExpired } from './reservation';
import { SandboxCardForm } from './sandbox-card-form';
import { CookSlotPicker, cookParts, type CookPart } from './slot-picker';
import { SlotLine, SlotsCard } from './slots-card';
import { StripeCardForm } from './stripe-card-form';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.checkout;
const ts = frOrders.slots;

/** To /orders 2 s after a successful payment. */
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

  return <SimplePage title={t.title}>{read.status === 'ok' ? <Checkout session={read.session} /> : <Spinner size="lg" />}</SimplePage>;
}

function Checkout({ session }: { session: CheckoutSession }) {
  const navigate = useNavigate();
  const client = useGraphQLClient();
  const parts = useMemo(() => cookParts(session.cartItems), [session]);
  // Step 1: one pick-up slot per cook; step 2: the card (the slots are held meanwhile).
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [unavailable, setUnavailable] = useState<Record<string, boolean>>({});
  const [refreshKey, setRefreshKey] = useState(0);
  const [createIntent, { data, error, loading }] = useMutation(CreatePaymentIntentDocument);
  const [paid, setPaid] = useState<CheckoutData | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const allChosen = parts.every((p) => !!chosen[p.cook_id]);
  const blocked = parts.some((p) => unavailable[p.cook_id]);

  const start = () => {
    createIntent({ variables: { slots: parts.map((p) => ({ cook_id: p.cook_id, start: chosen[p.cook_id] ?? '' })) } }).catch(() => {
      // Shown from the mutation's error state; the slots are offered again as they are now.
      setRefreshKey((k) => k + 1);
    });
  };

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

  const choose = useCallback((cookId: string, slot: string) => setChosen((c) => ({ ...c, [cookId]: slot })), []);
  const markUnavailable = useCallback((cookId: string, value: boolean) => setUnavailable((u) => ({ ...u, [cookId]: value })), []);

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
  if (intent) return <CheckoutForm intent={intent} session={session} parts={parts} onPaid={onPaid} />;

  return (
    <SlotsCard
      titleId="checkout-slots-title"
      title={ts.title}
      intro={ts.intro}
      error={error && !loading ? apiMessage(error, t.intentError) : null}
      actions={
        <>
          <Button variant="primary" size="lg" disabled={!allChosen || blocked} loading={loading} onClick={start}>
            {ts.continue}
          </Button>
          <Link to="/cart" className={buttonClassName({ variant: 'outline' })}>
            {t.backToCart}
          </Link>
        </>
      }
      hint={!allChosen && !blocked ? ts.choose : null}
    >
      {parts.map((part) => (
        <CookSlotPicker
          key={part.cook_id}
          part={part}
          value={chosen[part.cook_id] ?? null}
          onChange={(slot) => choose(part.cook_id, slot)}
          refreshKey={refreshKey}
          onUnavailable={(value) => markUnavailable(part.cook_id, value)}
        />
      ))}
    </SlotsCard>
  );
}

function CheckoutForm({
  intent,
  session,
  parts,
  onPaid,
}: {
  intent: PaymentIntentData;
  session: CheckoutSession;
  parts: CookPart[];
  onPaid: (checkout: CheckoutData) => void;
}) {
  // The checkout as the server last answered (its slots change when the buyer changes one).
  const [checkout, setCheckout] = useState<CheckoutData>(intent.checkout);
  const [changing, setChanging] = useState(false);
  const expired = useExpired(checkout.reserved_until);
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
            <SlotLine slot={checkout.slots.find((s) => s.cook_id === lines[0]?.cook_id)} />
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
        <Amounts
          lines={[
            { label: t.pickup, cents: 0, tone: 'muted' },
            { label: t.total, cents: checkout.amount_cents, tone: 'total' },
          ]}
        />
        {amountChanged ? (
          <p className={styles.notice} role="note">
            {t.amountChanged(formatPrice(session.total))}
          </p>
        ) : null}
        <Reservation checkout={checkout} expired={expired} onRenewed={setCheckout} />
        {changing || expired ? null : (
          <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
            {ts.change}
          </Button>
        )}
        <BackLink to="/cart" className={styles.back}>
          {t.backToCart}
        </BackLink>
      </section>

      {expired ? null : changing ? (
        <ChangeSlots checkout={checkout} parts={parts} onChanged={setCheckout} onClose={() => setChanging(false)} />
      ) : (
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
      )}
    </div>
  );
}

function groupByCook(lines: CheckoutData['lines']): Array<[string, CheckoutData['lines']]> {
  const groups = new Map<string, CheckoutData['lines']>();
  for (const line of lines) groups.set(line.cook_name, [...(groups.get(line.cook_name) ?? []), line]);
  return [...groups.entries()];
}
