import { useAuth } from '@popote/auth';
import { fr } from '@popote/ui';
import styles from './dashboard-page.module.css';

// Tabs 'Aperçu', 'Plats', 'Commandes' arrive with meals management and orders.
export function DashboardPage() {
  // Read from the Apollo cache the shell filled: the same `me` as the nav bar and the guards.
  const auth = useAuth();
  return (
    <div className="pp-page">
      <title>{`${fr.cook.dashboardTitle} · ${fr.brand}`}</title>
      <h1 className={styles.title}>{fr.cook.dashboardTitle}</h1>
      {auth.status === 'signed-in' ? <p className={styles.greeting}>{fr.cook.greeting(auth.user.name)}</p> : null}
      <p className={styles.intro}>{fr.cook.dashboardIntro}</p>
    </div>
  );
}
