import { useGraphQLClient } from '@popote/graphql';
import { useAuth } from '@popote/auth';
import { Button, formatPrice, Notice, Spinner, toast } from '@popote/ui';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styles from './checkout-page.module.css';
import { CheckoutDocument } from './graphql/checkout.generated';
import type { CheckoutData, PaymentIntentData } from './graphql/checkout';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.checkout;

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; stripe: Stripe; card: StripeCardElement };

/**
 * Stripe mode: Stripe.js (loaded from Stripe, French, postal code hidden) and its card
 * field; the card is confirmed in the browser with the intent's client secret, then the
 * checkout is read back from the server. 'Erreur lors du chargement de Stripe.js' when the
 * script cannot load (offline, blocked).
 */
export function StripeCardForm({ intent, onPaid }: { intent: PaymentIntentData; onPaid: (checkout: CheckoutData) => void }) {
  const client = useGraphQLClient();
  const auth = useAuth();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | undefined;
    (async () => {
      try {
        if (!intent.publishable_key) throw new Error('no publishable key');
        // The pure entry injects Stripe's script only now, not when this module loads.
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = await loadStripe(intent.publishable_key, { locale: 'fr' });
        if (!stripe) throw new Error('Stripe.js unavailable');
        if (cancelled || !mountPoint.current) return;
        card = stripe.elements({ locale: 'fr' }).create('card', { hidePostalCode: true });
        card.mount(mountPoint.current);
        setLoaded({ status: 'ready', stripe, card });
      } catch {
        if (!cancelled) setLoaded({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [intent.publishable_key]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loaded.status !== 'ready') return;
    setPaying(true);
    setPaymentError(null);
    try {
      const user = auth.status === 'signed-in' ? auth.user : null;
      const result = await loaded.stripe.confirmCardPayment(intent.client_secret, {
        payment_method: {
          card: loaded.card,
          billing_details: user ? { name: user.name, email: user.email } : {},
        },
      });
      if (result.error || result.paymentIntent?.status !== 'succeeded') {
        const message = result.error?.message || t.paymentError;
        setPaymentError(message);
        toast.error(message, { id: 'checkout-payment' });
        return;
      }
      const data = await client.query(CheckoutDocument, { checkout_id: intent.checkout.checkout_id }, { requestPolicy: 'network-only' });
      onPaid(data?.checkout ?? { ...intent.checkout, status: 'succeeded' });
    } catch {
      setPaymentError(t.paymentError);
      toast.error(t.paymentError, { id: 'checkout-payment' });
    } finally {
      setPaying(false);
    }
  };

  if (loaded.status === 'failed') return <Notice tone="error" message={t.stripeLoadError} />;

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
      {loaded.status === 'loading' ? <Spinner /> : null}
      <div ref={mountPoint} className={styles.stripeCard} />
      {paymentError ? (
        <p className={styles.paymentError} role="alert">
          {paymentError}
        </p>
      ) : null}
      <Button type="submit" variant="primary" size="lg" fullWidth loading={paying} disabled={loaded.status !== 'ready'}>
        {t.pay(formatPrice(intent.checkout.amount_cents))}
      </Button>
    </form>
  );
}
