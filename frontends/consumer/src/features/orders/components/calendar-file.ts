import type { EventAttributes } from 'ics';

/** What a calendar event of a pick-up (or a delivery by the cook, ADR 0044) needs. */
export interface PickupEvent {
  order_id: string;
  cook_name: string;
  /** A delivery: the event says so and its place is the buyer's address. */
  mode?: 'pickup' | 'delivery';
  start: string;
  end: string;
  items: { name: string; quantity: number }[];
  address: { street: string; postcode: string; city: string } | null;
}

/** The pick-up or the delivery as a calendar event (UTC instants: the calendar shows them in the reader's zone). */
export function pickupEventAttributes(e: PickupEvent, origin: string): EventAttributes {
  const start = new Date(e.start).getTime();
  const end = new Date(e.end).getTime();
  return {
    uid: `pickup-${e.order_id}@popote`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: e.mode === 'delivery' ? `Livraison Popote par ${e.cook_name}` : `Retrait Popote chez ${e.cook_name}`,
    description: [`Commande n° ${e.order_id.slice(-8)}`, ...e.items.map((i) => `${i.quantity} × ${i.name}`)].join('\n'),
    location: e.address ? `${e.address.street}, ${e.address.postcode} ${e.address.city}` : undefined,
    url: `${origin}/orders`,
    productId: 'popote/pickup',
  };
}

/** Builds the .ics file (the library is loaded on demand) and hands it to the browser as a download. */
export async function downloadPickupEvent(e: PickupEvent): Promise<void> {
  const { createEvent } = await import('ics');
  const { error, value } = createEvent(pickupEventAttributes(e, window.location.origin));
  if (error || !value) throw error ?? new Error('ics');
  const url = URL.createObjectURL(new Blob([value], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${e.mode === 'delivery' ? 'livraison' : 'retrait'}-popote-${e.order_id.slice(-8)}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
