import { useQuery } from '@popote/graphql';
import { Button, formatPrice, formatRating, Notice } from '@popote/ui';
import { Link } from '@popote/router';
import { COOK_MEALS_QUERY } from '../../graphql/meals';
import { COOK_ORDERS_QUERY, COOK_STATS_QUERY, type CookStatsData } from '../../graphql/orders';
import { editMealPath } from '../../paths';
import { CookOrderCard } from './cook-order-card';
import styles from './dashboard-page.module.css';
import { LoadError, Loading } from './load-state';
import ordersStyles from './orders.module.css';
import overview from './overview.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** Spec §9: the dashboard shows the 5 most recent orders and the first 5 meals. */
export const RECENT_ITEMS = 5;
/** Spec §9: low-stock badge at 3 portions or fewer. */
export const LOW_STOCK = 3;

const live = { requestPolicy: 'cache-and-network' } as const;

/** 'Aperçu': four stat cards, the last 5 orders, the first 5 meals. */
export function OverviewTab({ cookId, openTab }: { cookId: string; openTab: (tab: 'commandes' | 'plats') => void }) {
  return (
    <div className={overview.overview}>
      <StatCards />
      <div className={overview.columns}>
        <RecentOrders onAll={() => openTab('commandes')} />
        <FirstMeals cookId={cookId} onAll={() => openTab('plats')} />
      </div>
    </div>
  );
}

function StatCards() {
  const { data, error, refetch } = useQuery(COOK_STATS_QUERY, live);
  if (!data && error) return <LoadError retry={() => void refetch().catch(() => undefined)} />;
  const stats: CookStatsData | undefined = data?.cookStats;
  const rated = !!stats && stats.total_reviews > 0;
  const cards = [
    { label: t.stats.monthlyEarnings, value: stats ? formatPrice(stats.monthly_earnings_cents) : null },
    { label: t.stats.pendingOrders, value: stats ? String(stats.pending_orders) : null },
    { label: t.stats.customers, value: stats ? String(stats.total_customers) : null },
    {
      label: t.stats.averageRating,
      value: stats ? (rated ? `${formatRating(stats.average_rating)} / 5` : '—') : null,
      note: stats ? (rated ? t.stats.reviews(stats.total_reviews) : t.stats.noRating) : null,
    },
  ];
  return (
    <ul className={overview.stats} aria-busy={!stats || undefined}>
      {cards.map((card) => (
        <li key={card.label} className={overview.stat}>
          <span className={overview.statLabel}>{card.label}</span>
          {card.value === null ? (
            <span className={overview.statSkeleton} aria-hidden="true" />
          ) : (
            <strong className={overview.statValue}>{card.value}</strong>
          )}
          {card.note ? <span className={overview.statNote}>{card.note}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function RecentOrders({ onAll }: { onAll: () => void }) {
  const { data, error, refetch } = useQuery(COOK_ORDERS_QUERY, live);
  let content;
  if (data && data.cookOrders.length > 0) {
    content = (
      <ul className={ordersStyles.list}>
        {data.cookOrders.slice(0, RECENT_ITEMS).map((order) => (
          <li key={order.order_id}>
            <CookOrderCard order={order} compact />
          </li>
        ))}
      </ul>
    );
  } else if (data) content = <p className={overview.empty}>{t.noOrders}</p>;
  else if (error) content = <LoadError retry={() => void refetch().catch(() => undefined)} />;
  else content = <Loading label={t.ordersLoading} />;
  return (
    <section aria-labelledby="overview-orders-title">
      <div className={styles.sectionHeader}>
        <h2 id="overview-orders-title" className={styles.sectionTitle}>
          {t.recentOrders}
        </h2>
        {data && data.cookOrders.length > 0 ? (
          <Button variant="outline" size="sm" onClick={onAll}>
            {t.allOrders}
          </Button>
        ) : null}
      </div>
      {content}
    </section>
  );
}

function FirstMeals({ cookId, onAll }: { cookId: string; onAll: () => void }) {
  const { data, error, refetch } = useQuery(COOK_MEALS_QUERY, { variables: { cook_id: cookId }, ...live });
  let content;
  if (data && data.cookMeals.length > 0) {
    content = (
      <ul className={overview.meals}>
        {data.cookMeals.slice(0, RECENT_ITEMS).map((meal) => {
          const left = meal.portions_available;
          return (
            <li key={meal.meal_id} className={overview.meal}>
              <Link to={editMealPath(meal.meal_id)} className={overview.mealName}>
                {meal.name}
              </Link>
              <span className={overview.mealPrice}>{formatPrice(meal.price_cents)}</span>
              <span className={overview.mealPortions}>{t.portions(left)}</span>
              {left <= 0 ? (
                <span className={`${overview.badge} ${overview.badgeOut}`}>{t.soldOut}</span>
              ) : left <= LOW_STOCK ? (
                <span className={overview.badge}>{t.lowStock(left)}</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  } else if (data) content = <Notice message={t.noMeals} />;
  else if (error) content = <LoadError retry={() => void refetch().catch(() => undefined)} />;
  else content = <Loading label={t.mealsLoading} />;
  return (
    <section aria-labelledby="overview-meals-title">
      <div className={styles.sectionHeader}>
        <h2 id="overview-meals-title" className={styles.sectionTitle}>
          {t.myMeals}
        </h2>
        {data && data.cookMeals.length > 0 ? (
          <Button variant="outline" size="sm" onClick={onAll}>
            {t.allMeals}
          </Button>
        ) : null}
      </div>
      {content}
    </section>
  );
}
