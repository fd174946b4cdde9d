import { useQuery } from '@popote/graphql';
import type { ReactNode } from 'react';
import { Button, formatPrice, formatRating, Notice } from '@popote/ui';
import { Link } from '@popote/router';
import { CookMealsDocument } from '../../graphql/meals.generated';
import type { CookMealCard } from '../../graphql/meals';
import { CookFollowersDocument } from '../../graphql/followers.generated';
import { CookOrdersDocument, CookStatsDocument } from '../../graphql/orders.generated';
import type { CookStatsData } from '../../graphql/orders';
import { editMealPath } from '../../paths';
import { CookOrderList } from './cook-order-card';
import { LoadError, Loaded, TabSection, type TabQuery } from './tab-parts';
import overview from './overview.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** The dashboard shows the 5 most recent orders and 5 meals (the newest: the list comes newest first). */
export const RECENT_ITEMS = 5;
/** Low-stock badge at 3 portions or fewer. */
export const LOW_STOCK = 3;

const live = { requestPolicy: 'cache-and-network' } as const;

/** 'Aperçu': five stat cards (the followers last), the last 5 orders, the last 5 meals added ('Mes derniers plats'). */
export function OverviewTab({ cookId, openTab }: { cookId: string; openTab: (tab: 'commandes' | 'plats') => void }) {
  return (
    <div className={overview.overview}>
      <StatCards cookId={cookId} />
      <div className={overview.columns}>
        <RecentOrders onAll={() => openTab('commandes')} />
        <LatestMeals cookId={cookId} onAll={() => openTab('plats')} />
      </div>
    </div>
  );
}

function StatCards({ cookId }: { cookId: string }) {
  const { data, error, refetch } = useQuery(CookStatsDocument, live);
  const follow = useQuery(CookFollowersDocument, { variables: { cook_id: cookId }, ...live });
  const followers = follow.data?.cookFollow?.followers;
  if (!data && error) return <LoadError retry={refetch} />;
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
    // The followers come from notifications: if it cannot answer, the other cards still show.
    {
      label: t.stats.followers,
      value: followers !== undefined ? String(followers) : follow.error ? '—' : null,
      note: t.stats.followersNote,
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
  const query = useQuery(CookOrdersDocument, live);
  return (
    <Preview
      titleId="overview-orders-title"
      title={t.recentOrders}
      allLabel={t.allOrders}
      onAll={onAll}
      query={query}
      loadingLabel={t.ordersLoading}
      itemsOf={(data) => data.cookOrders}
      empty={<p className={overview.empty}>{t.noOrders}</p>}
    >
      {(orders) => <CookOrderList orders={orders} compact />}
    </Preview>
  );
}

function LatestMeals({ cookId, onAll }: { cookId: string; onAll: () => void }) {
  const query = useQuery(CookMealsDocument, { variables: { cook_id: cookId }, ...live });
  return (
    <Preview
      titleId="overview-meals-title"
      title={t.myMeals}
      allLabel={t.allMeals}
      onAll={onAll}
      query={query}
      loadingLabel={t.mealsLoading}
      itemsOf={(data) => data.cookMeals}
      empty={<Notice message={t.noMeals} />}
    >
      {(meals) => (
        <ul className={overview.meals}>
          {meals.map((meal) => (
            <MealLine key={meal.meal_id} meal={meal} />
          ))}
        </ul>
      )}
    </Preview>
  );
}

interface PreviewProps<D, T> {
  titleId: string;
  title: string;
  /** The button to the whole tab, offered once there is something. */
  allLabel: string;
  onAll: () => void;
  query: TabQuery<D>;
  loadingLabel: string;
  itemsOf: (data: D) => readonly T[];
  /** What shows when there is nothing. */
  empty: ReactNode;
  /** The first RECENT_ITEMS items (the newest: both lists come newest first). */
  children: (items: readonly T[]) => ReactNode;
}

/** The first items of another tab (orders, meals), with a button to it. */
function Preview<D, T>({ titleId, title, allLabel, onAll, query, loadingLabel, itemsOf, empty, children }: PreviewProps<D, T>) {
  const some = !!query.data && itemsOf(query.data).length > 0;
  return (
    <TabSection
      titleId={titleId}
      title={title}
      action={
        some ? (
          <Button variant="outline" size="sm" onClick={onAll}>
            {allLabel}
          </Button>
        ) : null
      }
    >
      <Loaded query={query} loadingLabel={loadingLabel}>
        {(data) => {
          const items = itemsOf(data);
          return items.length > 0 ? children(items.slice(0, RECENT_ITEMS)) : empty;
        }}
      </Loaded>
    </TabSection>
  );
}

function MealLine({ meal }: { meal: CookMealCard }) {
  const left = meal.portions_available;
  return (
    <li className={overview.meal}>
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
}
