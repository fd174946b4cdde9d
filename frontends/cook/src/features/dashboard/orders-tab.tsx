import { useQuery } from '@popote/graphql';
import { fr, Notice } from '@popote/ui';
import { COOK_ORDERS_QUERY } from '../../graphql/orders';
import { CookOrderCard } from './cook-order-card';
import styles from './dashboard-page.module.css';
import { LoadError, Loading } from './load-state';
import ordersStyles from './orders.module.css';

const t = fr.cook;

/** 'Commandes': every order addressed to the cook, newest first, live (see DashboardPage). */
export function OrdersTab() {
  const { data, error, refetch } = useQuery(COOK_ORDERS_QUERY, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });

  let content;
  if (data && data.cookOrders.length > 0) {
    content = (
      <ul className={ordersStyles.list}>
        {data.cookOrders.map((order) => (
          <li key={order.order_id}>
            <CookOrderCard order={order} />
          </li>
        ))}
      </ul>
    );
  } else if (data) content = <Notice message={t.noOrders} />;
  else if (error) content = <LoadError retry={() => void refetch().catch(() => undefined)} />;
  else content = <Loading label={t.ordersLoading} />;

  return (
    <section aria-labelledby="cook-orders-title">
      <div className={styles.sectionHeader}>
        <h2 id="cook-orders-title" className={styles.sectionTitle}>
          {t.ordersTitle}
        </h2>
      </div>
      {content}
    </section>
  );
}
