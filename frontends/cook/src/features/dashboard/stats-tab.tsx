import { useQuery } from '@popote/graphql';
import { DataTable, formatPrice, NUMBER_CELL } from '@popote/ui';
import { CookStatsDocument } from '../../graphql/orders.generated';
import { EarningsChart } from './earnings-chart';
import { Loaded, Panel } from './tab-parts';
import stats from './stats.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** 'Statistiques': earnings per day over 30 days, and the best-selling meals. */
export function StatsTab() {
  const query = useQuery(CookStatsDocument, {
    requestPolicy: 'cache-and-network',
  });

  return (
    <Loaded query={query} loadingLabel={t.statsLoading}>
      {({ cookStats: { earnings_by_day: days, best_sellers: bestSellers } }) => (
        <div className={stats.layout}>
          <Panel titleId="stats-earnings-title" title={t.earningsTitle} level="h2">
            <EarningsChart days={days} />
          </Panel>
          <Panel titleId="stats-best-title" title={t.bestSellersTitle} level="h2">
            {bestSellers.length > 0 ? (
              <DataTable
                className={stats.table}
                columns={[{ label: t.meal }, { label: t.portionsSold, number: true }, { label: t.revenue, number: true }]}
              >
                {bestSellers.map((meal) => (
                  <tr key={meal.meal_id}>
                    <th scope="row">{meal.name}</th>
                    <td className={NUMBER_CELL}>{meal.quantity}</td>
                    <td className={NUMBER_CELL}>{formatPrice(meal.revenue_cents)}</td>
                  </tr>
                ))}
              </DataTable>
            ) : (
              <p className={stats.empty}>{t.noBestSellers}</p>
            )}
          </Panel>
        </div>
      )}
    </Loaded>
  );
}
