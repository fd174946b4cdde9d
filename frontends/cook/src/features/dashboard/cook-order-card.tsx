import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { readApiError } from '@popote/auth';
import { Button, formatLongDateTime, formatPrice, formatSlot, OrderStatusBadge, SelectField, TextAreaField, toast } from '@popote/ui';
import { useId, useState, type FormEvent } from 'react';
import { CANCEL_COOK_ORDER, canCancel, CHANGE_ORDER_STATUS, MOVE_PICKUP_SLOT, NEXT_STATUS, type CookOrder } from '../../graphql/orders';
import { COOK_PAYOUTS_QUERY, REFUND_DELIVERED_ORDER } from '../../graphql/payouts';
import { OWN_PICKUP_SLOTS_QUERY } from '../../graphql/pickup';
import { orderStatusLabel, TEXT_LIMITS } from '@popote/rules';
import { apiMessage } from './api-message';
import styles from './orders.module.css';
import { frCook } from '@popote/ui/fr-cook';
import { frOrders } from '@popote/ui/fr-orders';

const t = frCook.cook;

/** One order addressed to the cook, with the step its status allows and 'Annuler' (reason required). */
export function CookOrderCard({ order, compact = false }: { order: CookOrder; compact?: boolean }) {
  const titleId = useId();
  const next = NEXT_STATUS[order.order_status];
  const [changeStatus, { loading: changing }] = useMutation(CHANGE_ORDER_STATUS);
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  const movable = !!order.pickup_start && canCancel(order.order_status);

  const onNext = async () => {
    if (!next) return;
    try {
      // The returned order replaces the cached one (badge, action, overview).
      await changeStatus({ variables: { order_id: order.order_id, to: next } });
      toast.success(t.statusChanged(orderStatusLabel(next)), { id: `order-status-${order.order_id}` });
    } catch (error) {
      toast.error(apiMessage(error, t.statusError), { id: `order-status-${order.order_id}` });
    }
  };

  return (
    <article className={`${styles.card} ${compact ? styles.compact : ''}`} aria-labelledby={titleId}>
      <header className={styles.header}>
        <div>
          <h3 id={titleId} className={styles.number}>
            {t.orderNumber(order.order_id)}
          </h3>
          <p className={styles.date}>{formatLongDateTime(order.created_at)}</p>
        </div>
        <OrderStatusBadge status={order.order_status} />
      </header>
      <p className={styles.buyer}>
        {order.consumer_name ? t.cookDay.buyer(order.consumer_name) : null}
        {order.pickup_start && order.pickup_end ? (
          <span className={styles.pickup}>{t.cookDay.pickup(formatSlot(order.pickup_start, order.pickup_end))}</span>
        ) : null}
      </p>
      <ul className={styles.items}>
        {order.items.map((item) => (
          <li key={item.order_item_id} className={styles.item}>
            <span>{`${item.name} × ${item.quantity}`}</span>
            <span>{formatPrice(item.price_cents * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>{t.orderTotal}</span>
        <strong>{formatPrice(order.total_cents)}</strong>
      </p>
      {order.order_status === 'cancelled' && order.cancel_reason ? (
        <p className={styles.reason}>{frOrders.orders.cancelReason(order.cancel_reason)}</p>
      ) : null}
      {!compact && (next || canCancel(order.order_status)) ? (
        cancelling ? (
          <CancelForm order={order} onClose={() => setCancelling(false)} />
        ) : moving ? (
          <MoveSlotForm order={order} onClose={() => setMoving(false)} />
        ) : (
          <div className={styles.actions}>
            {next ? (
              <Button variant="primary" size="sm" loading={changing} onClick={() => void onNext()}>
                {t.actions[next]}
              </Button>
            ) : null}
            {movable ? (
              <Button variant="outline" size="sm" disabled={changing} onClick={() => setMoving(true)}>
                {t.cookDay.move}
              </Button>
            ) : null}
            {canCancel(order.order_status) ? (
              <Button variant="outline" size="sm" className={styles.danger} disabled={changing} onClick={() => setCancelling(true)}>
                {t.cancel}
              </Button>
            ) : null}
          </div>
        )
      ) : null}
      {!compact && order.order_status === 'delivered' ? <RefundButton order={order} /> : null}
    </article>
  );
}

/** A picked-up order refunded in full by its cook: the amount comes back out of the cook's balance. */
function RefundButton({ order }: { order: CookOrder }) {
  const client = useGraphQLClient();
  const [refund, { loading }] = useMutation(REFUND_DELIVERED_ORDER);
  const onRefund = async () => {
    if (!window.confirm(t.refundConfirm(formatPrice(order.total_cents)))) return;
    try {
      const { data } = await refund({ variables: { order_id: order.order_id } });
      toast.success(t.refunded(formatPrice(data?.refundDeliveredOrder.amount_cents ?? order.total_cents)), {
        id: `order-refund-${order.order_id}`,
      });
      client.refetchQueries([COOK_PAYOUTS_QUERY]);
    } catch (error) {
      toast.error(apiMessage(error, t.refundError), { id: `order-refund-${order.order_id}` });
    }
  };
  return (
    <div className={styles.actions}>
      <Button variant="outline" size="sm" loading={loading} onClick={() => void onRefund()}>
        {t.refund}
      </Button>
    </div>
  );
}

/** Another of the cook's open slots for this order; the buyer is told by email. */
function MoveSlotForm({ order, onClose }: { order: CookOrder; onClose: () => void }) {
  const { data, error, refetch } = useQuery(OWN_PICKUP_SLOTS_QUERY, {
    variables: {
      cook_id: order.cook_id,
      meal_ids: order.items.map((i) => i.meal_id),
      portions: order.items.reduce((n, i) => n + i.quantity, 0),
    },
    requestPolicy: 'network-only',
  });
  const [start, setStart] = useState('');
  const [move, { loading }] = useMutation(MOVE_PICKUP_SLOT);
  const slots = (data?.pickupSlots.slots ?? []).filter((s) => s.start !== order.pickup_start);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!start) return;
    try {
      await move({ variables: { order_id: order.order_id, start } });
      toast.success(t.cookDay.moved, { id: `order-move-${order.order_id}` });
      onClose();
    } catch (failure) {
      toast.error(apiMessage(failure, t.cookDay.moveError), { id: `order-move-${order.order_id}` });
      void refetch().catch(() => undefined);
    }
  };

  return (
    <form className={styles.cancelForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      {error ? (
        <p className={styles.reason}>{t.cookDay.slotsError}</p>
      ) : !data ? (
        <p>{t.cookDay.slotsLoading}</p>
      ) : slots.length === 0 ? (
        <p className={styles.reason}>{t.cookDay.noOtherSlot}</p>
      ) : (
        <SelectField label={t.cookDay.newSlot} value={start} onChange={(e) => setStart(e.target.value)} required>
          <option value="">{t.cookDay.chooseSlot}</option>
          {slots.map((s) => (
            <option key={s.start} value={s.start}>
              {formatSlot(s.start, s.end)}
            </option>
          ))}
        </SelectField>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" size="sm" loading={loading} disabled={!start}>
          {t.cookDay.confirmMove}
        </Button>
        <Button variant="outline" size="sm" disabled={loading} onClick={onClose}>
          {t.cookDay.keepSlot}
        </Button>
      </div>
    </form>
  );
}

function CancelForm({ order, onClose }: { order: CookOrder; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [cancelOrder, { loading }] = useMutation(CANCEL_COOK_ORDER);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(t.cancelReasonRequired);
      return;
    }
    try {
      await cancelOrder({ variables: { order_id: order.order_id, reason: reason.trim() } });
      toast.success(t.cancelled, { id: `order-cancel-${order.order_id}` });
      onClose();
    } catch (failure) {
      const { fields } = readApiError(failure);
      if (fields['reason']) setError(fields['reason']);
      else toast.error(apiMessage(failure, t.cancelError), { id: `order-cancel-${order.order_id}` });
    }
  };

  return (
    <form className={styles.cancelForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label={t.cancelReason}
        hint={t.cancelReasonHint}
        rows={2}
        maxLength={TEXT_LIMITS.cancelReason}
        value={reason}
        error={error}
        required
        autoFocus
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="outline" size="sm" className={styles.danger} loading={loading}>
          {t.confirmCancel}
        </Button>
        <Button variant="outline" size="sm" disabled={loading} onClick={onClose}>
          {t.keepOrder}
        </Button>
      </div>
    </form>
  );
}
