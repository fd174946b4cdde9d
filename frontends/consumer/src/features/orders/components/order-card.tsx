import { useMutation } from '@popote/graphql';
import { apiMessage } from '@popote/auth';
import { Button, formatLongDateTime, formatSlot, OrderCard, OrderCardActions, toast } from '@popote/ui';
import { formatPhone } from '@popote/rules';
import { Link } from '@popote/router';
import { CancelMyOrderDocument } from '../graphql/orders.generated';
import type { OrderData } from '../graphql/orders';
import { downloadPickupEvent } from './calendar-file';
import styles from './order-card.module.css';
import { OrderReview } from './order-review';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.orders;
const ts = frOrders.slots;

const isDelivery = (order: OrderData) => order.delivery_option === 'delivery';

/**
 * An order on /orders: the shared card (a delivery's status and fee line worded by it, ADR 0044), with
 * the cook, the pick-up or the delivery (its slot and address), the receipt link, cancelling while
 * pending and the review once delivered.
 */
export function MyOrderCard({ order }: { order: OrderData }) {
  const [cancelOrder, { loading: cancelling }] = useMutation(CancelMyOrderDocument);
  const delivery = isDelivery(order);

  const onCancel = async () => {
    if (!window.confirm(t.confirmCancel)) return;
    try {
      // The returned order replaces the cached one: it moves to 'Commandes annulées'.
      await cancelOrder({ variables: { order_id: order.order_id } });
      toast.success(t.cancelled_, { id: `order-cancel-${order.order_id}` });
    } catch (error) {
      toast.error(apiMessage(error, t.cancelError), { id: `order-cancel-${order.order_id}` });
    }
  };

  return (
    <OrderCard
      order={order}
      placed={t.placedOn(formatLongDateTime(order.created_at))}
      renderLine={(item) => (
        <Link to={`/meals/${encodeURIComponent(item.meal_id)}`} className={styles.itemName}>
          {t.item(item.name, item.quantity)}
        </Link>
      )}
      details={
        <>
          {order.order_status === 'ready' ? (
            <p className={styles.readyBanner} role="status">
              {delivery ? t.readyBannerDelivery : t.readyBanner}
            </p>
          ) : null}
          <p className={styles.cook}>
            {t.cook('')}
            <Link to={`/cook/${encodeURIComponent(order.cook_id)}`}>{order.cook_name}</Link>
            <span className={styles.pickup}> · {delivery ? t.delivery : t.pickup}</span>
          </p>
          {order.pickup_start && order.pickup_end ? <PickupInfo order={order} /> : null}
        </>
      }
    >
      <p className={styles.receiptLink}>
        <Link to={`/orders/${encodeURIComponent(order.order_id)}/receipt`}>{t.receiptLink}</Link>
      </p>

      {order.order_status === 'pending' ? (
        <OrderCardActions>
          <Button variant="danger" size="sm" loading={cancelling} onClick={() => void onCancel()}>
            {t.cancel}
          </Button>
        </OrderCardActions>
      ) : null}

      {order.order_status === 'delivered' ? <OrderReview order={order} /> : null}
    </OrderCard>
  );
}

/**
 * The slot (« Retrait : … » or « Livraison : … »), the place (the cook's once they confirmed, or the
 * buyer's own delivery address), and the slot as a calendar file.
 */
function PickupInfo({ order }: { order: OrderData }) {
  const open = order.order_status !== 'cancelled' && order.order_status !== 'delivered';
  const delivery = isDelivery(order);
  const to = order.delivery_address;
  const onCalendar = () =>
    void downloadPickupEvent({
      order_id: order.order_id,
      cook_name: order.cook_name,
      mode: delivery ? 'delivery' : 'pickup',
      start: order.pickup_start!,
      end: order.pickup_end!,
      items: order.items,
      address: delivery ? (to ?? null) : (order.pickup_address ?? null),
    }).catch(() => toast.error(ts.calendarError, { id: `order-ics-${order.order_id}` }));
  return (
    <div className={styles.pickupInfo}>
      <p className={styles.slot}>
        <strong>{`${delivery ? t.deliveryAt : ts.pickupAt} : `}</strong>
        {formatSlot(order.pickup_start!, order.pickup_end!)}
      </p>
      {delivery ? (
        to ? (
          <>
            <p className={styles.address}>
              <strong>{`${t.deliveryAddress} : `}</strong>
              {[to.street, to.complement, `${to.postcode} ${to.city}`].filter(Boolean).join(', ')}
            </p>
            <p className={styles.address}>
              <strong>{`${t.deliveryPhone} : `}</strong>
              {formatPhone(to.phone)}
            </p>
            {to.instructions ? (
              <p className={styles.address}>
                <strong>{`${t.deliveryInstructions} : `}</strong>
                {to.instructions}
              </p>
            ) : null}
          </>
        ) : null
      ) : open ? (
        order.pickup_address ? (
          <p className={styles.address}>
            <strong>{`${ts.address} : `}</strong>
            {`${order.pickup_address.street}, ${order.pickup_address.postcode} ${order.pickup_address.city}`}
          </p>
        ) : (
          <p className={styles.addressHidden}>{ts.addressHidden}</p>
        )
      ) : null}
      {open ? (
        <Button variant="outline" size="sm" onClick={onCalendar}>
          {ts.addToCalendar}
        </Button>
      ) : null}
    </div>
  );
}
