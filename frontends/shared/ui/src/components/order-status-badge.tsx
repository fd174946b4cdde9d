import { orderStatusLabel, type FulfilmentMode } from '@popote/rules';
import styles from './order-status-badge.module.css';

/** An order's status by its French label, worded for a delivery by the cook (ADR 0044) when it is one (the raw value if unknown). */
export function OrderStatusBadge({ status, mode }: { status: string; mode?: string | null | undefined }) {
  return (
    <span className={`${styles.badge} ${styles[status] ?? ''}`}>
      {orderStatusLabel(status, mode === 'delivery' ? 'delivery' : 'pickup')}
    </span>
  );
}
