import type { CookOrder } from '../../graphql/orders';

const parisDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Paris date (YYYY-MM-DD) of an instant. */
export const parisDay = (value: string | Date): string => parisDate.format(new Date(value));

export interface SlotGroup {
  start: string;
  end: string;
  /** Deliveries are listed by their own windows, apart from pick-ups at the same time (ADR 0044). */
  mode: 'pickup' | 'delivery';
  orders: CookOrder[];
}

const modeOf = (o: CookOrder): SlotGroup['mode'] => (o.delivery_option === 'delivery' ? 'delivery' : 'pickup');
const pickupFirst = (a: CookOrder, b: CookOrder) => (modeOf(a) === modeOf(b) ? 0 : modeOf(a) === 'pickup' ? -1 : 1);

export interface DayGroup {
  /** Paris date, YYYY-MM-DD. */
  day: string;
  slots: SlotGroup[];
}

/**
 * The cook's day: orders with a slot from today on (Paris), by day then slot (pick-ups, then the
 * deliveries of the same time), in time order; the others (earlier slots, orders placed before
 * slots) newest first.
 */
export function groupBySlot(orders: CookOrder[], now: Date): { upcoming: DayGroup[]; earlier: CookOrder[] } {
  const today = parisDay(now);
  const upcoming = orders
    .filter((o) => o.pickup_start && o.pickup_end && parisDay(o.pickup_start) >= today)
    .sort((a, b) => a.pickup_start!.localeCompare(b.pickup_start!) || pickupFirst(a, b) || a.created_at.localeCompare(b.created_at));
  const days: DayGroup[] = [];
  for (const order of upcoming) {
    const day = parisDay(order.pickup_start!);
    let group = days.at(-1);
    if (group?.day !== day) days.push((group = { day, slots: [] }));
    let slot = group.slots.at(-1);
    if (slot?.start !== order.pickup_start || slot.mode !== modeOf(order))
      group.slots.push((slot = { start: order.pickup_start!, end: order.pickup_end!, mode: modeOf(order), orders: [] }));
    slot.orders.push(order);
  }
  const upcomingIds = new Set(upcoming.map((o) => o.order_id));
  const earlier = orders.filter((o) => !upcomingIds.has(o.order_id)).sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { upcoming: days, earlier };
}

/** Statuses still to prepare or hand over. */
const TO_PREPARE = new Set(['pending', 'confirmed', 'preparing', 'ready']);

export interface PrepLine {
  name: string;
  portions: number;
}

/** The preparation list of a slot: each dish with its portions (orders not cancelled nor picked up), and the buyers. */
export function prepOf(slot: SlotGroup): { dishes: PrepLine[]; buyers: string[] } {
  const dishes = new Map<string, number>();
  const buyers: string[] = [];
  for (const order of slot.orders.filter((o) => TO_PREPARE.has(o.order_status))) {
    for (const item of order.items) dishes.set(item.name, (dishes.get(item.name) ?? 0) + item.quantity);
    if (order.consumer_name) buyers.push(order.consumer_name);
  }
  return {
    dishes: [...dishes]
      .map(([name, portions]) => ({ name, portions }))
      .sort((a, b) => b.portions - a.portions || a.name.localeCompare(b.name)),
    buyers,
  };
}
