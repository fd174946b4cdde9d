import { orderStatusLabel } from '@popote/rules';
import styles from './order-status-badge.module.css';

/** An order's status by its French label (the raw value if unknown). */
export function OrderStatusBadge({ status }: { status: string }) {
  return <span className={`${styles.badge} ${styles[status] ?? ''}`}>{orderStatusLabel(status)}</span>;
}
