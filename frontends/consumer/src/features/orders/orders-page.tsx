import { useGraphQLClient, useOrderUpdates, useQuery } from '@popote/graphql';
import { useAuth } from '@popote/auth';
import { fr, QueryState, Spinner } from '@popote/ui';
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

/** How long /orders waits for the orders of a checkout just paid (they are created asynchronously). */
const ARRIVAL_POLL_MS = 1000;
const ARRIVAL_MAX_POLLS = 30;

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

  // Live: a status change lands on the cached order at once; a new order needs the list again.
  useOrderUpdates({
    enabled: auth.status === 'signed-in',
    onUpdate: (update, known) => {
      // Confirmed: the pick-up address is now shown, so the order is read again.
      if (!known || update.order_status === 'confirmed') reload();
    },
    onResync: reload,
  });

  // Just paid: the moment to offer notifications of the order's steps on this device.
  const { offer, prompt } = usePushOffer();
  useEffect(() => {
    if (checkoutId) offer({ kind: 'order' });
  }, [checkoutId, offer]);

  // Just paid: the checkout's orders appear a moment after the payment.
  const orders = data?.myOrders;
  const arrived = !checkoutId || (orders?.some((order) => order.checkout_id === checkoutId) ?? false);
  const [polls, setPolls] = useState(0);
  const waiting = !!orders && !arrived && polls < ARRIVAL_MAX_POLLS;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => {
      setPolls((count) => count + 1);
      reload();
    }, ARRIVAL_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls]);
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
  if (orders && orders.length === 0 && !waiting) {
    content = <MealsNotice message={t.empty} linkLabel={fr.nav.browseMeals} />;
  } else if (orders) {
    content = (
      <>
        {waiting ? (
          <div className={styles.arriving}>
            <Spinner size="sm" label={t.arriving} showLabel />
          </div>
        ) : null}
        {sections.map((section) => (
          <OrderSection key={section.key} id={section.key} title={section.title} empty={section.empty} orders={section.orders} />
        ))}
      </>
    );
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

function OrderSection({ id, title, empty, orders }: { id: string; title: string; empty: string; orders: OrderData[] }) {
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
      ) : (
        <p className={styles.empty}>{empty}</p>
      )}
    </section>
  );
}
