import { useQuery } from '@popote/graphql';
import { formatSlotDayTitle, formatSlotTime, Notice, QueryState } from '@popote/ui';
import { useEffect } from 'react';
import type { CheckoutSessionItem } from '../cart/checkout-session';
import { PickupSlotsDocument } from './graphql/pickup.query.generated';
import styles from './checkout-page.module.css';
import { frOrders } from '@popote/ui/fr-orders';

const t = frOrders.slots;

/** One cook's part of the cart: their dishes and portions. */
export interface CookPart {
  cook_id: string;
  cook_name: string;
  items: CheckoutSessionItem[];
}

export function cookParts(items: CheckoutSessionItem[]): CookPart[] {
  const parts = new Map<string, CookPart>();
  for (const item of items) {
    const part = parts.get(item.cook_id) ?? { cook_id: item.cook_id, cook_name: item.cook_name, items: [] };
    part.items.push(item);
    parts.set(item.cook_id, part);
  }
  return [...parts.values()];
}

/**
 * The next open slots of one cook, grouped by day, as radio buttons. `refreshKey` reloads them (after
 * a slot was refused as full). `onUnavailable` tells the page this cook cannot be ordered from now.
 */
export function CookSlotPicker({
  part,
  value,
  onChange,
  refreshKey,
  onUnavailable,
}: {
  part: CookPart;
  value: string | null;
  onChange: (start: string) => void;
  refreshKey: number;
  onUnavailable: (unavailable: boolean) => void;
}) {
  const { data, error, refetch } = useQuery(PickupSlotsDocument, {
    variables: {
      cook_id: part.cook_id,
      meal_ids: part.items.map((i) => i.meal_id),
      portions: part.items.reduce((n, i) => n + i.quantity, 0),
    },
    requestPolicy: 'network-only',
  });

  useEffect(() => {
    if (refreshKey > 0) void refetch().catch(() => undefined);
  }, [refreshKey, refetch]);

  const list = data?.pickupSlots;
  const unavailable = !!list && list.slots.length === 0;
  useEffect(() => onUnavailable(unavailable), [unavailable, onUnavailable]);

  // A chosen slot that is no longer offered (taken meanwhile) is unselected.
  useEffect(() => {
    if (list && value && !list.slots.some((s) => s.start === value)) onChange('');
  }, [list, value, onChange]);

  const titleId = `slots-${part.cook_id}`;
  let content;
  if (!list) content = <QueryState error={error} errorMessage={t.loadError} onRetry={refetch} loadingLabel={t.loading} />;
  else if (!list.has_windows) content = <Notice tone="error" message={t.noWindows} />;
  else if (list.slots.length === 0) content = <Notice tone="error" message={t.none} />;
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
        {t.cookTitle(part.cook_name)}
      </h3>
      {content}
    </section>
  );
}
