import { fr } from '@popote/ui/fr';
import styles from './order-status-badge.module.css';

/** The French label of an order status (spec §4), or the raw value if unknown. */
export function orderStatusLabel(status: string): string {
  return fr.orderStatus[status] ?? status;
}

export function OrderStatusBadge({ status }: { status: string }) {
  return <span className={`${styles.badge} ${styles[status] ?? ''}`}>{orderStatusLabel(status)}</span>;
}
