import { Spinner } from '@popote/ui';
import styles from './skeleton-cards.module.css';

export interface SkeletonCardsProps {
  count: number;
  /** Read by screen readers while the real cards load. */
  label: string;
  shape?: 'meal' | 'cook';
}

/** Grey stand-ins with the real cards' size, so the page does not jump when they arrive. */
export function SkeletonCards({ count, label, shape = 'meal' }: SkeletonCardsProps) {
  return (
    <div className={styles.wrapper}>
      <div className="pp-visually-hidden">
        <Spinner label={label} />
      </div>
      <ul className={shape === 'meal' ? styles.mealGrid : styles.cookGrid} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={shape === 'meal' ? styles.meal : styles.cook}>
            {shape === 'meal' ? (
              <span className={`${styles.block} ${styles.picture}`} />
            ) : (
              <span className={`${styles.block} ${styles.avatar}`} />
            )}
            <span className={styles.lines}>
              <span className={`${styles.block} ${styles.line}`} />
              <span className={`${styles.block} ${styles.line} ${styles.short}`} />
              <span className={`${styles.block} ${styles.line} ${styles.shorter}`} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
