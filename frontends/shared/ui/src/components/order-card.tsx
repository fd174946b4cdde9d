import { useId, type ReactNode } from 'react';
import { frOrders } from '@popote/ui/fr-orders';
import { formatPrice } from '../format/price';
import { OrderStatusBadge } from './order-status-badge';
import styles from './order-card.module.css';

const t = frOrders.orders;

export interface OrderCardLine {
  order_item_id: string;
  name: string;
  quantity: number;
  price_cents: number;
}

export interface OrderCardOrder<L extends OrderCardLine = OrderCardLine> {
  order_id: string;
  order_status: string;
  /** 'pickup' | 'delivery' (ADR 0044): the status is worded for it. */
  delivery_option?: string | null | undefined;
  total_cents: number;
  cancel_reason: string | null;
  items: readonly L[];
  /** A delivery's fee, its own line (ADR 0044). */
  delivery_fee_cents?: number | null;
  /** The discount inside the total, its promotion's name and who gave it (ADR 0045): its own line. */
  discount_cents?: number | null;
  discount_name?: string | null;
  discount_funder?: string | null;
}

const tp = frOrders.promo;

/**
 * An order's or a receipt's discount line (ADR 0045): « Réduction « name » (offerte par le cuisinier) »,
 * or « (offerte par Popote) » for the platform's offer.
 */
export function discountLabel(name: string | null | undefined, funder: string | null | undefined): string {
  const by = funder === 'cook' ? tp.byCook : funder === 'platform' ? tp.byPlatform : null;
  return [name ? tp.line(name) : tp.unnamed, by].filter(Boolean).join(' ');
}

export interface OrderCardProps<L extends OrderCardLine> {
  order: OrderCardOrder<L>;
  /** Under the number: when the order was placed. */
  placed: ReactNode;
  /** `dense`: the cook's lists; `compact`: the cook's overview. */
  density?: 'regular' | 'dense' | 'compact';
  /** A line's name, « Tajine × 2 » by default (the buyer's card links it to the meal). */
  renderLine?: (line: L) => ReactNode;
  /** Between the header and the lines: who, when and where. */
  details?: ReactNode;
  /** After the total and the cancel reason: links, actions, review. */
  children?: ReactNode;
}

/**
 * One order, as the buyer and the cook both see it: its number, when it was placed and its status,
 * the lines with their amounts, the total and, once cancelled, why.
 */
export function OrderCard<L extends OrderCardLine>({
  order,
  placed,
  density = 'regular',
  renderLine,
  details,
  children,
}: OrderCardProps<L>) {
  const titleId = useId();
  const densityClass = { regular: '', dense: styles.dense, compact: `${styles.dense} ${styles.compact}` }[density];
  return (
    <article className={`${styles.card} ${densityClass}`} aria-labelledby={titleId}>
      <header className={styles.header}>
        <div>
          <h3 id={titleId} className={styles.number}>
            {t.number(order.order_id)}
          </h3>
          <p className={styles.placed}>{placed}</p>
        </div>
        <OrderStatusBadge status={order.order_status} mode={order.delivery_option} />
      </header>
      {details}
      <ul className={styles.items} aria-label={t.items}>
        {order.items.map((line) => (
          <li key={line.order_item_id} className={styles.item}>
            {renderLine ? renderLine(line) : <span>{t.item(line.name, line.quantity)}</span>}
            <span>{formatPrice(line.price_cents * line.quantity)}</span>
          </li>
        ))}
        {order.discount_cents ? (
          <li className={styles.item} data-testid="order-discount">
            <span>{discountLabel(order.discount_name, order.discount_funder)}</span>
            <span>{formatPrice(-order.discount_cents)}</span>
          </li>
        ) : null}
        {order.delivery_option === 'delivery' ? (
          <li className={styles.item}>
            <span>{t.deliveryFee}</span>
            <span>{order.delivery_fee_cents ? formatPrice(order.delivery_fee_cents) : t.deliveryFree}</span>
          </li>
        ) : null}
      </ul>
      <p className={styles.total}>
        <span>{t.total}</span>
        <strong>{formatPrice(order.total_cents)}</strong>
      </p>
      {order.order_status === 'cancelled' && order.cancel_reason ? (
        <p className={styles.reason}>{t.cancelReason(order.cancel_reason)}</p>
      ) : null}
      {children}
    </article>
  );
}

/** A row of buttons on an order card (they wrap on a narrow screen). */
export function OrderCardActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
