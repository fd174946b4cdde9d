import { useQuery } from '@popote/graphql';
import { formatPrice, formatSlotDayTitle, formatSlotTime, Notice, QueryState } from '@popote/ui';
import type { FulfilmentMode } from '@popote/rules';
import { useEffect, type ReactNode } from 'react';
import type { CheckoutSessionItem } from '../cart/checkout-session';
import { PickupSlotsDocument, type PickupSlotsQuery } from './graphql/pickup.query.generated';
import styles from './checkout-page.module.css';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.slots;
const tc = frOrders.checkout;

/** One cook's part of the cart: their dishes and portions. */
export interface CookPart {
  cook_id: string;
  cook_name: string;
  items: CheckoutSessionItem[];
}

/** What a cook who delivers offers (ADR 0044): the fee, free above a basket, and whether the address is in range. */
export type DeliveryOffer = NonNullable<PickupSlotsQuery['pickupSlots']['delivery']>;

export function cookParts(items: CheckoutSessionItem[]): CookPart[] {
  const parts = new Map<string, CookPart>();
  for (const item of items) {
    const part = parts.get(item.cook_id) ?? { cook_id: item.cook_id, cook_name: item.cook_name, items: [] };
    part.items.push(item);
    parts.set(item.cook_id, part);
  }
  return [...parts.values()];
}

/** The dishes of a cook's part, in cents, as the cart showed them. */
export const basketOf = (part: CookPart): number => part.items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0);

/** The fee this part would pay for delivery: none from the cook's 'free above' basket on. */
export const deliveryFeeOf = (offer: DeliveryOffer, part: CookPart): number =>
  offer.free_above_cents !== null && basketOf(part) >= offer.free_above_cents ? 0 : offer.fee_cents;

/**
 * The next open slots of one cook, grouped by day, as radio buttons: to pick up, or (`mode`
 * 'delivery') to be delivered in `communeCode`, asked once the buyer chose a commune. `refreshKey`
 * reloads them (after a slot was refused as full). `onUnavailable` tells the page this cook cannot
 * be ordered from now; `onOffer`, what the cook offers for delivery (null: they do not deliver).
 * `choice` (retrait or livraison) goes between the cook's title and the slots; `promo` (the cook's
 * « Code promo », ADR 0045), under the slots.
 */
export function CookSlotPicker({
  part,
  mode = 'pickup',
  communeCode = null,
  value,
  onChange,
  refreshKey,
  onUnavailable,
  onOffer,
  choice,
  promo,
}: {
  part: CookPart;
  mode?: FulfilmentMode;
  communeCode?: string | null;
  value: string | null;
  onChange: (start: string) => void;
  refreshKey: number;
  onUnavailable: (unavailable: boolean) => void;
  onOffer?: (offer: DeliveryOffer | null) => void;
  choice?: ReactNode;
  promo?: ReactNode;
}) {
  const delivery = mode === 'delivery';
  // No commune yet: no delivery slot to ask for.
  const waitingForAddress = delivery && !communeCode;
  const { data, error, refetch } = useQuery(PickupSlotsDocument, {
    variables: {
      cook_id: part.cook_id,
      meal_ids: part.items.map((i) => i.meal_id),
      portions: part.items.reduce((n, i) => n + i.quantity, 0),
      mode,
      commune_code: delivery ? communeCode : null,
    },
    skip: waitingForAddress,
    requestPolicy: 'network-only',
  });

  useEffect(() => {
    if (refreshKey > 0 && !waitingForAddress) void refetch().catch(() => undefined);
  }, [refreshKey, refetch, waitingForAddress]);

  const list = data?.pickupSlots;
  // A cook who delivers is never out of reach: the buyer may choose the other way.
  const unavailable = !delivery && !!list && list.slots.length === 0 && !list.delivery;
  useEffect(() => onUnavailable(unavailable), [unavailable, onUnavailable]);

  const offer = list ? list.delivery : undefined;
  useEffect(() => {
    if (offer !== undefined) onOffer?.(offer);
  }, [offer, onOffer]);

  // A chosen slot that is no longer offered (taken meanwhile, or out of range now) is unselected.
  useEffect(() => {
    if (value && (waitingForAddress || (list && !list.slots.some((s) => s.start === value)))) onChange('');
  }, [list, value, onChange, waitingForAddress]);

  const titleId = `slots-${part.cook_id}`;
  let content;
  if (waitingForAddress) content = <p className={styles.muted}>{tc.addressFirst}</p>;
  else if (!list) content = <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
  else if (delivery && list.delivery?.in_range === false) content = <Notice tone="error" message={tc.outOfRange} />;
  else if (!list.has_windows) content = <Notice tone="error" message={delivery ? tc.deliveryNoWindows : t.noWindows} />;
  else if (list.slots.length === 0) content = <Notice tone="error" message={delivery ? tc.deliveryNone : t.none} />;
  else {
    const days = new Map<string, typeof list.slots>();
    for (const s of list.slots) days.set(formatSlotDayTitle(s.start), [...(days.get(formatSlotDayTitle(s.start)) ?? []), s]);
    content = (
      <div role="radiogroup" aria-labelledby={titleId} className={styles.slotDays}>
        {[...days].map(([day, slots]) => (
          <fieldset key={day} className={styles.slotDay}>
            <legend className={styles.slotDayName}>{day}</legend>
            <div className={styles.slotList}>
              {slots.map((s) => (
                <label key={s.start} className={`${styles.slot} ${value === s.start ? styles.slotChosen : ''}`}>
                  <input
                    type="radio"
                    name={titleId}
                    value={s.start}
                    checked={value === s.start}
                    onChange={() => onChange(s.start)}
                    className="pp-visually-hidden"
                  />
                  <span className={styles.slotTime}>{formatSlotTime(s.start, s.end)}</span>
                  <span className={styles.slotRoom}>{t.remaining(s.remaining)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    );
  }

  return (
    <section className={styles.cookGroup} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cookName}>
        {delivery ? tc.deliveryCookTitle(part.cook_name) : t.cookTitle(part.cook_name)}
      </h3>
      {choice}
      {content}
      {promo}
    </section>
  );
}

/**
 * 'Retrait (gratuit)' or 'Livraison (5,00 €)' for a cook who delivers (ADR 0044): native radios in
 * a fieldset (not a radiogroup: the slots' groups are the page's radiogroups).
 */
export function ModeChoice({
  part,
  offer,
  mode,
  onChange,
}: {
  part: CookPart;
  offer: DeliveryOffer;
  mode: FulfilmentMode;
  onChange: (mode: FulfilmentMode) => void;
}) {
  const name = `mode-${part.cook_id}`;
  const fee = deliveryFeeOf(offer, part);
  const options: Array<{ value: FulfilmentMode; label: string }> = [
    { value: 'pickup', label: tc.modePickup },
    { value: 'delivery', label: fee === 0 ? tc.modeDeliveryFree : tc.modeDelivery(formatPrice(fee)) },
  ];
  return (
    <fieldset className={styles.modeChoice}>
      <legend className="pp-visually-hidden">{tc.modeLegend}</legend>
      {options.map((option) => (
        <label key={option.value} className={`${styles.mode} ${mode === option.value ? styles.modeChosen : ''}`}>
          <input type="radio" name={name} value={option.value} checked={mode === option.value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
