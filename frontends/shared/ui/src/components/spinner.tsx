import { fr } from '@popote/ui/fr';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Read by screen readers; shown under the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label = fr.common.loading, showLabel = false, size = 'md' }: SpinnerProps) {
  return (
    <div className={styles.wrapper} role="status" aria-live="polite">
      <span className={`${styles.circle} ${styles[size]}`} aria-hidden="true" />
      <span className={showLabel ? undefined : 'pp-visually-hidden'}>{label}</span>
    </div>
  );
}
