import { fr } from '@popote/ui';
import styles from './dashboard-page.module.css';

// Tabs 'Aperçu', 'Plats', 'Commandes' arrive with cook accounts and orders.
export function DashboardPage() {
  return (
    <div className="pp-page">
      <title>{`${fr.cook.dashboardTitle} · ${fr.brand}`}</title>
      <h1 className={styles.title}>{fr.cook.dashboardTitle}</h1>
      <p className={styles.intro}>{fr.cook.dashboardIntro}</p>
    </div>
  );
}
