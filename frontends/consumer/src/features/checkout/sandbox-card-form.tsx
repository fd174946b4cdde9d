import { useMutation } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, formatPrice, TextField, toast } from '@popote/ui';
import { useState, type FormEvent } from 'react';
import { formatCardNumber, formatExpiry, parseCard, type CardErrors } from './card';
import styles from './checkout-page.module.css';
import { ConfirmSandboxPaymentDocument } from './graphql/checkout.generated';
import type { CheckoutData } from './graphql/checkout';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.checkout;

/**
 * The offline sandbox provider's card form (Stripe's test cards): number, MM/AA, CVC.
 * Only used when the server says the provider is 'sandbox'; the test card is named in a
 * clearly marked 'Mode test' note (never with Stripe).
 */
export function SandboxCardForm({ checkout, onPaid }: { checkout: CheckoutData; onPaid: (checkout: CheckoutData) => void }) {
  const [confirm] = useMutation(ConfirmSandboxPaymentDocument);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<CardErrors>({});
  const [paymentError, setPaymentError] = useState<string | null>(checkout.last_error);
  const [paying, setPaying] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseCard({ number, expiry, cvc });
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setPaymentError(null);
    setPaying(true);
    try {
      const { data } = await confirm({ variables: { checkout_id: checkout.checkout_id, card: parsed.card } });
      const result = data?.confirmSandboxPayment;
      if (result?.status === 'succeeded') {
        onPaid(result);
        return;
      }
      const message = result?.last_error || t.paymentError;
      setPaymentError(message);
      toast.error(message, { id: 'checkout-payment' });
    } catch (error) {
      const message = apiMessage(error, t.paymentError);
      setPaymentError(message);
      toast.error(message, { id: 'checkout-payment' });
    } finally {
      setPaying(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {checkout.provider === 'sandbox' ? (
        <aside className={styles.testMode} aria-label={t.testMode}>
          <strong className={styles.testBadge}>{t.testMode}</strong>
          <span>{t.testModeNote}</span>
        </aside>
      ) : null}
      <TextField
        label={t.cardNumber}
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        error={errors.number}
        onChange={(event) => setNumber(formatCardNumber(event.target.value))}
        disabled={paying}
      />
      <div className={styles.row}>
        <TextField
          label={t.cardExpiry}
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          maxLength={5}
          value={expiry}
          error={errors.expiry}
          onChange={(event) => setExpiry(formatExpiry(event.target.value, expiry))}
          disabled={paying}
        />
        <TextField
          label={t.cardCvc}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={cvc}
          error={errors.cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
          disabled={paying}
        />
      </div>
      {paymentError ? (
        <p className={styles.paymentError} role="alert">
          {paymentError}
        </p>
      ) : null}
      <Button type="submit" variant="primary" size="lg" fullWidth loading={paying}>
        {t.pay(formatPrice(checkout.amount_cents))}
      </Button>
    </form>
  );
}
