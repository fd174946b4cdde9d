import { useId, type ReactNode } from 'react';
import styles from './profile-page.module.css';

/** A titled section of the profile page (a landmark named by its heading). */
export function Card({ id, title, actions, children }: { id?: string; title: string; actions?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section id={id} className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
