import { useGraphQLClient, useOrderUpdates, useQuery } from '@popote/graphql';
import { useAuth } from '@popote/auth';
import { fr, QueryState } from '@popote/ui';
import { useEffect, useMemo, useState } from 'react';
import { useHistoryState } from '@popote/router';
import { MealsNotice } from '../../components/meals-link';
import { SimplePage } from '../../pages/simple-page';
import { refreshCart } from '../cart/use-cart';
import { usePushOffer } from '../follows/push-prompt';
import type { OrdersLocationState } from '../checkout/checkout-page';
import { MyOrderCard } from './components/order-card';
import { MyOrdersDocument } from './graphql/orders.generated';
import type { OrderData } from './graphql/orders';
import styles from './orders-page.module.css';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.orders;

const SECTIONS = [
  { key: 'current', title: t.current, empty: t.currentEmpty, statuses: ['pending', 'confirmed', 'preparing', 'ready'] },
  { key: 'delivered', title: t.delivered, empty: t.deliveredEmpty, statuses: ['delivered'] },
  { key: 'cancelled', title: t.cancelled, empty: t.cancelledEmpty, statuses: ['cancelled'] },
] as const;

/**
 * Just paid: the checkout's orders are created a moment after the payment (asynchronously) and
 * announced by the live subscription. Past this delay without them, the page says what is going on.
 */
export const ARRIVAL_LATE_MS = 10_000;

// Signed-in only (the shell's guard).
export function OrdersPage() {
  const auth = useAuth();
  const client = useGraphQLClient();
  const checkoutId = useHistoryState<OrdersLocationState | null>()?.checkoutId;
  const { data, error, refetch } = useQuery(MyOrdersDocument, {
    requestPolicy: 'cache-and-network',
  });
  const reload = () => {
    refetch().catch(() => undefined);
  };

  // Just paid: waiting for the checkout's orders until the list has one.
  const orders = data?.myOrders;
  const arrived = !checkoutId || (orders?.some((order) => order.checkout_id === checkoutId) ?? false);
  const awaiting = !arrived;

  // Live: a status change lands on the cached order at once; a new order needs the list again
  // (the update names the order, not its checkout), so does the awaited one: no polling.
  useOrderUpdates({
    enabled: auth.status === 'signed-in',
    onUpdate: (update, known) => {
      // Confirmed: the pick-up address is now shown, so the order is read again.
      if (!known || update.order_status === 'confirmed') reload();
    },
    onResync: reload,
    // An order placed between the list's answer and the subscription's start was not announced.
    onConnected: awaiting ? reload : undefined,
  });

  // Just paid: the moment to offer notifications of the order's steps on this device.
  const { offer, prompt } = usePushOffer();
  useEffect(() => {
    if (checkoutId) offer({ kind: 'order' });
  }, [checkoutId, offer]);

  // Late: the payment is recorded and the order will come; the page says so (and keeps waiting).
  const [lateFor, setLateFor] = useState<string | null>(null);
  useEffect(() => {
    if (!awaiting || !checkoutId) return undefined;
    const timer = setTimeout(() => setLateFor(checkoutId), ARRIVAL_LATE_MS);
    return () => clearTimeout(timer);
  }, [awaiting, checkoutId]);
  const late = awaiting && lateFor === checkoutId;

  // Once they exist the server has emptied the cart: the nav count follows.
  useEffect(() => {
    if (checkoutId && arrived && orders) void refreshCart(client);
  }, [checkoutId, arrived, orders, client]);

  const sections = useMemo(
    () =>
      SECTIONS.map((section) => ({
        ...section,
        orders: (orders ?? []).filter((order) => (section.statuses as readonly string[]).includes(order.order_status)),
      })),
    [orders],
  );

  let content;
  if (!orders && error) {
    content = <QueryState error={error} errorMessage={t.loadError} onRetry={reload} loadingLabel={t.loading} />;
  } else if (awaiting) {
    // Never 'no orders yet' right after paying: the earlier orders, if any, below the wait.
    content = (
      <>
        <ArrivalNotice late={late} />
        {orders && orders.length > 0
          ? sections.map((section) => (
              <OrderSection
                key={section.key}
                id={section.key}
                title={section.title}
                // Not 'no current order' either: the new one is coming.
                empty={section.key === 'current' ? null : section.empty}
                orders={section.orders}
              />
            ))
          : null}
      </>
    );
  } else if (orders && orders.length === 0) {
    content = <MealsNotice message={t.empty} linkLabel={fr.nav.browseMeals} />;
  } else if (orders) {
    content = sections.map((section) => (
      <OrderSection key={section.key} id={section.key} title={section.title} empty={section.empty} orders={section.orders} />
    ));
  } else {
    content = <QueryState error={error} errorMessage={t.loadError} onRetry={reload} loadingLabel={t.loading} />;
  }

  return (
    <SimplePage title={t.title}>
      {content}
      {prompt}
    </SimplePage>
  );
}

/** The orders of the checkout just paid are on their way; late, what is happening. */
function ArrivalNotice({ late }: { late: boolean }) {
  return (
    <div className={styles.arriving} role="status">
      <span className={styles.arrivingSpinner} aria-hidden="true" />
      <div className={styles.arrivingText}>
        <p className={styles.arrivingTitle}>{late ? t.arrivingLateTitle : t.arriving}</p>
        {late ? <p className={styles.arrivingBody}>{t.arrivingLate}</p> : null}
      </div>
    </div>
  );
}

function OrderSection({ id, title, empty, orders }: { id: string; title: string; empty: string | null; orders: OrderData[] }) {
  const headingId = `orders-${id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title} <span className={styles.count}>({orders.length})</span>
      </h2>
      {orders.length > 0 ? (
        <ul className={styles.list}>
          {orders.map((order) => (
            <li key={order.order_id}>
              <MyOrderCard order={order} />
            </li>
          ))}
        </ul>
      ) : empty ? (
        <p className={styles.empty}>{empty}</p>
      ) : null}
    </section>
  );
}
