import { useGraphQLClient, useOrderUpdates } from '@popote/graphql';
import { useAuth } from '@popote/auth';
import { fr, Tabs, toast } from '@popote/ui';
import { lazy, Suspense } from 'react';
import { useSearchParams } from '@popote/router';
import { CookMealsDocument } from '../../graphql/meals.generated';
import { CookOrdersDocument, CookStatsDocument } from '../../graphql/orders.generated';
import { CookPayoutsDocument } from '../../graphql/payouts.generated';
import { CAMPAIGNS_TAB, SELLER_TAB, TAB_PARAM } from '../../paths';
import { frAds } from './ads-texts';
import { CampaignsTab } from './campaigns-tab';
import styles from './dashboard-page.module.css';
import { MealsTab } from './meals-tab';
import { OrdersTab } from './orders-tab';
import { Loading } from './tab-parts';
import { OverviewTab } from './overview-tab';
import { PayoutsTab } from './payouts-tab';
import { frPromotions } from './promotions-texts';
import { ReviewsTab } from './reviews-tab';
import { StatsTab } from './stats-tab';
import { frTrader } from './trader-texts';
import { frCook } from '@popote/ui/fr-cook';

// The pick-up form (and the zod rules it shares with the server) loads when its tab opens.
const PickupTab = lazy(() => import('./pickup-tab').then((module) => ({ default: module.PickupTab })));
// The promotions (and the form with the rules it shares with payments, ADR 0045) likewise.
const PromotionsTab = lazy(() => import('./promotions-tab').then((module) => ({ default: module.PromotionsTab })));
// The trader details' form (and the rules it shares with identity) likewise.
const TraderTab = lazy(() => import('./trader-tab').then((module) => ({ default: module.TraderTab })));

const TABS = [
  { key: 'apercu', label: frCook.cook.tabs.overview },
  { key: 'plats', label: frCook.cook.tabs.meals },
  { key: 'commandes', label: frCook.cook.tabs.orders },
  { key: 'retrait', label: frCook.cook.tabs.pickup },
  { key: 'avis', label: frCook.cook.tabs.reviews },
  { key: 'statistiques', label: frCook.cook.tabs.stats },
  { key: CAMPAIGNS_TAB, label: frAds.tab },
  { key: 'promotions', label: frPromotions.tab },
  { key: 'paiements', label: frCook.cook.tabs.payouts },
  { key: SELLER_TAB, label: frTrader.tab },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function tabOf(value: string | null): TabKey {
  return TABS.find((tab) => tab.key === value)?.key ?? 'apercu';
}

/**
 * /cook/dashboard: 'Aperçu', 'Plats', 'Commandes', 'Retrait et livraison', 'Avis', 'Statistiques', 'Mises en avant',
 * 'Promotions', 'Paiements', 'Vendeur'. The open tab is in the URL (?onglet=plats), so creating or editing a meal can come back to it.
 * Orders are live while the dashboard is open: a status change lands on the cached order;
 * a new order ('Nouvelle commande !') and the statistics are asked for again.
 */
export function DashboardPage() {
  // Read from the GraphQL cache the shell filled: the same `me` as the nav bar and the guards.
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const current = tabOf(searchParams.get(TAB_PARAM));
  const client = useGraphQLClient();

  const refreshOrders = () => {
    // Only the lists shown now are asked again; the others are read afresh when their tab opens.
    client.refetchQueries([CookOrdersDocument, CookStatsDocument, CookMealsDocument, CookPayoutsDocument]);
  };
  useOrderUpdates({
    enabled: auth.status === 'signed-in',
    onUpdate: (update) => {
      if (update.from === null) toast(frCook.cook.newOrder, { id: `new-order-${update.order_id}` });
      refreshOrders();
    },
    onResync: refreshOrders,
  });

  const select = (key: TabKey) => {
    const next = new URLSearchParams(searchParams);
    if (key === 'apercu') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, key);
    setSearchParams(next, { replace: true });
  };

  return (
    <div className="pp-page">
      <title>{`${frCook.cook.dashboardTitle} · ${fr.brand}`}</title>
      <header className={styles.header}>
        <h1 className={styles.title}>{frCook.cook.dashboardTitle}</h1>
        {auth.status === 'signed-in' ? <p className={styles.greeting}>{frCook.cook.greeting(auth.user.name)}</p> : null}
        <p className={styles.intro}>{frCook.cook.dashboardIntro}</p>
      </header>

      <Tabs
        tabs={TABS}
        selected={current}
        onSelect={select}
        label={frCook.cook.tabsLabel}
        classNames={{ list: styles.tabs, tab: styles.tab, activeTab: styles.tabActive, panel: styles.panel }}
      >
        {auth.status !== 'signed-in' ? null : current === 'plats' ? (
          <MealsTab cookId={auth.user.user_id} />
        ) : current === 'commandes' ? (
          <OrdersTab />
        ) : current === 'retrait' ? (
          <Suspense fallback={<Loading label={frCook.cook.pickup.loading} />}>
            <PickupTab />
          </Suspense>
        ) : current === 'avis' ? (
          <ReviewsTab cookId={auth.user.user_id} />
        ) : current === 'statistiques' ? (
          <StatsTab />
        ) : current === CAMPAIGNS_TAB ? (
          <CampaignsTab openMeals={() => select('plats')} />
        ) : current === 'promotions' ? (
          <Suspense fallback={<Loading label={frPromotions.listLoading} />}>
            <PromotionsTab cookId={auth.user.user_id} />
          </Suspense>
        ) : current === 'paiements' ? (
          <PayoutsTab />
        ) : current === SELLER_TAB ? (
          <Suspense fallback={<Loading label={frTrader.loading} />}>
            <TraderTab />
          </Suspense>
        ) : (
          <OverviewTab cookId={auth.user.user_id} openTab={(tab) => select(tab)} />
        )}
      </Tabs>
    </div>
  );
}
