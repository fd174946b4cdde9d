import { Button, formatPrice } from '@popote/ui';
import { useState } from 'react';
import { frOrders } from '@popote/ui/fr-orders';
import { Amounts } from '../../components/amounts';
import { BackLink } from '../../components/back-link';
import type { CheckoutSession } from '../cart/checkout-session';
import { centsOf, discountLine, feeLine } from './amount-lines';
import { ChangeSlots } from './change-slots';
import type { CheckoutData, PaymentIntentData } from './graphql/checkout';
import { Reservation, useExpired } from './reservation';
import { SandboxCardForm } from './sandbox-card-form';
import type { CookPart } from './slot-picker';
import { SlotLine } from './slots-card';
import { StripeCardForm } from './stripe-card-form';
import styles from './checkout-page.module.css';

const t = frOrders.checkout;
const ts = frOrders.slots;

/**
 * Step 2: the checkout held by the server (its lines, slots, fees and discounts, ADR 0045) and the
 * card. Its amounts add up to the amount charged: the dishes, the fees, less each discount.
 */
export function CheckoutForm({
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
  const deliveries = checkout.slots.filter((s) => s.mode === 'delivery');
  const fees = deliveries.reduce((sum, s) => sum + s.fee_cents, 0);
  const discounts = centsOf(checkout.discounts);
  // The server's amount is the one charged; say so when prices moved since the cart (the fees and the
  // discounts are not the cart's).
  const amountChanged = checkout.amount_cents - fees + discounts !== session.total;
  const cooks = groupByCook(checkout.lines);
  const nameOf = (cookId: string) => checkout.lines.find((l) => l.cook_id === cookId)?.cook_name ?? '';
  const place = checkout.delivery_address;

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
        {place && deliveries.length > 0 ? (
          <p className={styles.slotHeld}>
            <strong>{`${t.deliveryTo} : `}</strong>
            {[place.street, place.complement, `${place.postcode} ${place.city}`].filter(Boolean).join(', ')}
          </p>
        ) : null}
        <Amounts
          lines={[
            ...(deliveries.length < checkout.slots.length || checkout.slots.length === 0
              ? [{ label: t.pickup, cents: 0, tone: 'muted' as const }]
              : []),
            ...deliveries.map((s) => feeLine(nameOf(s.cook_id), s.fee_cents)),
            ...checkout.discounts.map(discountLine),
            { label: t.total, cents: checkout.amount_cents, tone: 'total' },
          ]}
        />
        {amountChanged ? (
          <p className={styles.notice} role="note">
            {t.amountChanged(formatPrice(session.total + fees - discounts))}
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
