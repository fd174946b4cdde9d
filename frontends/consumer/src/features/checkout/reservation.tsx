import { useMutation } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, formatClockTime, Notice, toast } from '@popote/ui';
import { useEffect, useState } from 'react';
import { frOrders } from '@popote/ui/fr-orders';
import { RenewCheckoutDocument } from './graphql/checkout.generated';
import type { CheckoutData } from './graphql/checkout';
import styles from './checkout-page.module.css';

const ts = frOrders.slots;

/** Whether the reservation has ended (by the clock: the server stops counting it at that very moment); re-renders when it does. */
export function useExpired(until: string | null | undefined): boolean {
  const [expired, setExpired] = useState(() => !!until && new Date(until).getTime() <= Date.now());
  useEffect(() => {
    const left = until ? new Date(until).getTime() - Date.now() : Infinity;
    setExpired(left <= 0);
    if (left <= 0 || left === Infinity) return;
    // setTimeout's limit is ~24 days; a reservation lasts minutes.
    const timer = setTimeout(() => setExpired(true), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return expired;
}

/**
 * Until when the food and the slots are held for the buyer; once that passes, the card form goes
 * and 'Réserver à nouveau' asks the server to reserve the same checkout again (refused in French
 * when a dish ran out or the slot filled meanwhile).
 */
export function Reservation({
  checkout,
  expired,
  onRenewed,
}: {
  checkout: CheckoutData;
  expired: boolean;
  onRenewed: (c: CheckoutData) => void;
}) {
  const until = checkout.reserved_until;
  const [renew, { error, loading }] = useMutation(RenewCheckoutDocument);
  if (!until) return null;
  if (!expired) return <p className={styles.muted}>{ts.reservedUntil(formatClockTime(until))}</p>;
  const again = async () => {
    try {
      const res = await renew({ variables: { checkout_id: checkout.checkout_id } });
      if (res.data) {
        onRenewed(res.data.renewCheckout);
        toast.success(ts.renewed, { id: 'checkout-renewed' });
      }
    } catch {
      // Shown from the mutation's error state.
    }
  };
  return (
    <>
      <Notice
        tone="error"
        message={ts.expired(formatClockTime(until))}
        actions={
          <Button variant="primary" loading={loading} onClick={() => void again()}>
            {ts.renew}
          </Button>
        }
      />
      {error && !loading ? <Notice tone="error" message={apiMessage(error, ts.renewError)} /> : null}
    </>
  );
}
