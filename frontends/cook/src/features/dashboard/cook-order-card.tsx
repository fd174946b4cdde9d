import { useGraphQLClient, useMutation, useQuery } from '@popote/graphql';
import { apiMessage, readApiError } from '@popote/auth';
import {
  Button,
  formatLongDateTime,
  formatPrice,
  formatSlot,
  OrderCard,
  OrderCardActions,
  SelectField,
  TextAreaField,
  toast,
} from '@popote/ui';
import { useState, type FormEvent } from 'react';
import { CancelCookOrderDocument, ChangeOrderStatusDocument, MovePickupSlotDocument } from '../../graphql/orders.generated';
import { canCancel, NEXT_STATUS, type CookOrder } from '../../graphql/orders';
import { CookPayoutsDocument, RefundDeliveredOrderDocument } from '../../graphql/payouts.generated';
import { OwnPickupSlotsDocument } from '../../graphql/pickup.generated';
import { formatPhone, mapLinkOf, orderStatusLabel, TEXT_LIMITS } from '@popote/rules';
import styles from './orders.module.css';
import { frCook } from '@popote/ui/fr-cook';

const t = frCook.cook;

/** The cook's orders as a list of cards (`compact`: the overview's short ones). */
export function CookOrderList({ orders, compact = false }: { orders: readonly CookOrder[]; compact?: boolean }) {
  return (
    <ul className={styles.list}>
      {orders.map((order) => (
        <li key={order.order_id}>
          <CookOrderCard order={order} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

/** One order addressed to the cook, with the step its status allows and 'Annuler' (reason required). */
export function CookOrderCard({ order, compact = false }: { order: CookOrder; compact?: boolean }) {
  const next = NEXT_STATUS[order.order_status];
  const [changeStatus, { loading: changing }] = useMutation(ChangeOrderStatusDocument);
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  const movable = !!order.pickup_start && canCancel(order.order_status);

  const onNext = async () => {
    if (!next) return;
    try {
      // The returned order replaces the cached one (badge, action, overview).
      await changeStatus({ variables: { order_id: order.order_id, to: next } });
      const mode = order.delivery_option === 'delivery' ? 'delivery' : 'pickup';
      toast.success(t.statusChanged(orderStatusLabel(next, mode)), { id: `order-status-${order.order_id}` });
    } catch (error) {
      toast.error(apiMessage(error, t.statusError), { id: `order-status-${order.order_id}` });
    }
  };

  return (
    <OrderCard
      order={order}
      placed={formatLongDateTime(order.created_at)}
      density={compact ? 'compact' : 'dense'}
      details={
        <p className={styles.buyer}>
          {order.consumer_name ? t.cookDay.buyer(order.consumer_name) : null}
          {order.pickup_start && order.pickup_end ? (
            <span className={styles.pickup}>
              {(order.delivery_option === 'delivery' ? t.cookDay.delivery : t.cookDay.pickup)(
                formatSlot(order.pickup_start, order.pickup_end),
              )}
            </span>
          ) : null}
          {order.delivery_option === 'delivery' && !compact ? <DeliveryAddress order={order} /> : null}
        </p>
      }
    >
      {!compact && (next || canCancel(order.order_status)) ? (
        cancelling ? (
          <CancelForm order={order} onClose={() => setCancelling(false)} />
        ) : moving ? (
          <MoveSlotForm order={order} onClose={() => setMoving(false)} />
        ) : (
          <OrderCardActions>
            {next ? (
              <Button variant="primary" size="sm" loading={changing} onClick={() => void onNext()}>
                {(order.delivery_option === 'delivery' ? t.deliveryActions[next] : undefined) ?? t.actions[next]}
              </Button>
            ) : null}
            {movable ? (
              <Button variant="outline" size="sm" disabled={changing} onClick={() => setMoving(true)}>
                {t.cookDay.move}
              </Button>
            ) : null}
            {canCancel(order.order_status) ? (
              <Button variant="danger" size="sm" disabled={changing} onClick={() => setCancelling(true)}>
                {t.cancel}
              </Button>
            ) : null}
          </OrderCardActions>
        )
      ) : null}
      {!compact && order.order_status === 'delivered' ? <RefundButton order={order} /> : null}
    </OrderCard>
  );
}

/** A picked-up order refunded in full by its cook: the amount comes back out of the cook's balance. */
function RefundButton({ order }: { order: CookOrder }) {
  const client = useGraphQLClient();
  const [refund, { loading }] = useMutation(RefundDeliveredOrderDocument);
  const onRefund = async () => {
    if (!window.confirm(t.refundConfirm(formatPrice(order.total_cents)))) return;
    try {
      const { data } = await refund({ variables: { order_id: order.order_id } });
      toast.success(t.refunded(formatPrice(data?.refundDeliveredOrder.amount_cents ?? order.total_cents)), {
        id: `order-refund-${order.order_id}`,
      });
      client.refetchQueries([CookPayoutsDocument]);
    } catch (error) {
      toast.error(apiMessage(error, t.refundError), { id: `order-refund-${order.order_id}` });
    }
  };
  return (
    <OrderCardActions>
      <Button variant="outline" size="sm" loading={loading} onClick={() => void onRefund()}>
        {t.refund}
      </Button>
    </OrderCardActions>
  );
}

/** Another of the cook's open slots for this order; the buyer is told by email. */
function MoveSlotForm({ order, onClose }: { order: CookOrder; onClose: () => void }) {
  const { data, error, refetch } = useQuery(OwnPickupSlotsDocument, {
    variables: {
      cook_id: order.cook_id,
      meal_ids: order.items.map((i) => i.meal_id),
      portions: order.items.reduce((n, i) => n + i.quantity, 0),
      mode: order.delivery_option === 'delivery' ? 'delivery' : 'pickup',
      commune_code: order.delivery_address?.commune_code ?? null,
    },
    requestPolicy: 'network-only',
  });
  const [start, setStart] = useState('');
  const [move, { loading }] = useMutation(MovePickupSlotDocument);
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
        <SelectField
          label={t.cookDay.newSlot}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          required
          options={slots.map((s) => ({ value: s.start, label: formatSlot(s.start, s.end) }))}
        >
          <option value="">{t.cookDay.chooseSlot}</option>
        </SelectField>
      )}
      <OrderCardActions>
        <Button type="submit" variant="primary" size="sm" loading={loading} disabled={!start}>
          {t.cookDay.confirmMove}
        </Button>
        <Button variant="outline" size="sm" disabled={loading} onClick={onClose}>
          {t.cookDay.keepSlot}
        </Button>
      </OrderCardActions>
    </form>
  );
}

function CancelForm({ order, onClose }: { order: CookOrder; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [cancelOrder, { loading }] = useMutation(CancelCookOrderDocument);

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
      <OrderCardActions>
        <Button type="submit" variant="danger" size="sm" loading={loading}>
          {t.confirmCancel}
        </Button>
        <Button variant="outline" size="sm" disabled={loading} onClick={onClose}>
          {t.keepOrder}
        </Button>
      </OrderCardActions>
    </form>
  );
}

/** Where a delivery goes, shown by ordering once the cook confirmed the order (ADR 0044), with a call and a map link. */
function DeliveryAddress({ order }: { order: CookOrder }) {
  const a = order.delivery_address;
  // Not confirmed yet: it will come; delivered or cancelled: nothing to show any more.
  if (!a) return order.order_status === 'pending' ? <span className={styles.pickup}>{t.cookDay.addressHidden}</span> : null;
  return (
    <span className={styles.address} aria-label={t.cookDay.deliverTo}>
      <span>
        {a.street}
        {a.complement ? `, ${a.complement}` : ''}, {a.postcode} {a.city}
      </span>
      {a.instructions ? <span>{a.instructions}</span> : null}
      <span>
        <a href={`tel:${a.phone}`}>{t.cookDay.call(formatPhone(a.phone))}</a>
        {' · '}
        <a href={mapLinkOf(a)}>{t.cookDay.openMap}</a>
      </span>
    </span>
  );
}
