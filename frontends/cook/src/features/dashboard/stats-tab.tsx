import { useQuery } from '@popote/graphql';
import { formatPrice } from '@popote/ui';
import { COOK_STATS_QUERY } from '../../graphql/orders';
import styles from './dashboard-page.module.css';
import { EarningsChart } from './earnings-chart';
import { LoadError, Loading } from './load-state';
import stats from './stats.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** 'Statistiques': earnings per day over 30 days, and the best-selling meals. */
export function StatsTab() {
  const { data, error, refetch } = useQuery(COOK_STATS_QUERY, {
    requestPolicy: 'cache-and-network',
  });

  if (!data && error) return <LoadError retry={() => void refetch().catch(() => undefined)} />;
  if (!data) return <Loading label={t.statsLoading} />;
  const { earnings_by_day: days, best_sellers: bestSellers } = data.cookStats;

  return (
    <div className={stats.layout}>
      <section aria-labelledby="stats-earnings-title" className={stats.panel}>
        <h2 id="stats-earnings-title" className={styles.sectionTitle}>
          {t.earningsTitle}
        </h2>
        <EarningsChart days={days} />
      </section>
      <section aria-labelledby="stats-best-title" className={stats.panel}>
        <h2 id="stats-best-title" className={styles.sectionTitle}>
          {t.bestSellersTitle}
        </h2>
        {bestSellers.length > 0 ? (
          <table className={stats.table}>
            <thead>
              <tr>
                <th scope="col">{t.meal}</th>
                <th scope="col" className={stats.number}>
                  {t.portionsSold}
                </th>
                <th scope="col" className={stats.number}>
                  {t.revenue}
                </th>
              </tr>
            </thead>
            <tbody>
              {bestSellers.map((meal) => (
                <tr key={meal.meal_id}>
                  <th scope="row">{meal.name}</th>
                  <td className={stats.number}>{meal.quantity}</td>
                  <td className={stats.number}>{formatPrice(meal.revenue_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={stats.empty}>{t.noBestSellers}</p>
        )}
      </section>
    </div>
  );
}
