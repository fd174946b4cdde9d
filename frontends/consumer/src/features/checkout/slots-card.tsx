import { formatSlot, Notice } from '@popote/ui';
import type { ReactNode } from 'react';
import { frOrders } from '@popote/ui/fr-orders';
import type { CheckoutData } from './graphql/checkout';
import styles from './checkout-page.module.css';

const ts = frOrders.slots;
const t = frOrders.checkout;

/** Choosing the slots (pick-up or delivery), before paying or to change them: a card with the cooks' pickers, the failure, the buttons and a hint. */
export function SlotsCard({
  titleId,
  title,
  intro,
  error,
  actions,
  hint,
  children,
}: {
  titleId: string;
  title: string;
  intro: string;
  error: string | null;
  actions: ReactNode;
  hint: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={`${styles.card} ${styles.slotsCard}`}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className={styles.muted}>{intro}</p>
      {children}
      {error ? <Notice tone="error" message={error} /> : null}
      <div className={styles.actions}>{actions}</div>
      {hint ? <p className={styles.muted}>{hint}</p> : null}
    </section>
  );
}

/** A held slot: « Retrait : … », or « Livraison : … » for a delivery (ADR 0044). */
export function SlotLine({ slot }: { slot: CheckoutData['slots'][number] | undefined }) {
  if (!slot) return null;
  return (
    <p className={styles.slotHeld}>
      <strong>{`${slot.mode === 'delivery' ? t.deliveryAt : ts.pickupAt} : `}</strong>
      {formatSlot(slot.start, slot.end)}
    </p>
  );
}
