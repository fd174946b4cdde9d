import { ALERT_KIND_LABELS, formatPickupSlot, type AlertKind, type FulfilmentMode, type PickupAddress } from '@popote/contracts';
import type { PushPayload } from './alert.schema';

/** What buyers and cooks read on their devices and in the digest (French). The links are paths of the site. */

const WEEKDAYS = ['', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
const dayOfMonth = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const orderNumber = (orderId: string) => orderId.slice(-8);
const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** "le mardi et le samedi", "le jeudi 24 décembre": what a cook opened, as a sentence. */
export function openedText(weekdays: number[], days: string[]): string {
  const parts = [...weekdays.map((d) => `le ${WEEKDAYS[d]}`), ...days.map((d) => `le ${dayOfMonth.format(new Date(`${d}T12:00:00Z`))}`)];
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}`;
}

export const newDishPush = (mealId: string, dish: string, cook: string): PushPayload => ({
  title: `Nouveau plat de ${cook}`,
  body: `${dish} est disponible sur Popote.`,
  url: `/meals/${encodeURIComponent(mealId)}`,
  tag: `meal-${mealId}`,
});

export const newSlotsPush = (cookId: string, cook: string, weekdays: number[], days: string[]): PushPayload => ({
  title: `Nouveaux créneaux chez ${cook}`,
  body: `${cook} ouvre de nouveaux créneaux de retrait : ${openedText(weekdays, days)}.`,
  url: `/cook/${encodeURIComponent(cookId)}`,
  tag: `slots-${cookId}`,
});

export const backInStockPush = (mealId: string, dish: string): PushPayload => ({
  title: `De nouveau disponible : ${dish}`,
  body: `Votre plat favori « ${dish} » est de nouveau disponible. Réservez vite votre portion !`,
  url: `/meals/${encodeURIComponent(mealId)}`,
  tag: `meal-${mealId}`,
});

/** The pick-up place as the buyer may see it once the order is confirmed. */
const placeText = (address: PickupAddress | null) => (address ? `${address.street}, ${address.postcode} ${address.city}` : null);

/** The buyer's push for a step of their order (confirmed, ready, cancelled); null for the other steps. */
export function orderStatusPush(
  orderId: string,
  to: string,
  slot: { start: string; end: string } | null,
  address: PickupAddress | null,
  mode: FulfilmentMode = 'pickup',
): PushPayload | null {
  const n = orderNumber(orderId);
  const base = { url: '/orders', tag: `order-${orderId}` };
  const delivery = mode === 'delivery';
  switch (to) {
    case 'confirmed':
      return {
        ...base,
        title: `Commande n° ${n} confirmée`,
        body: `Le cuisinier a confirmé votre commande${slot ? `, ${delivery ? 'livrée' : 'à retirer'} ${formatPickupSlot(slot.start, slot.end)}` : ''}.`,
      };
    case 'ready': {
      if (delivery)
        return {
          ...base,
          title: 'Votre commande est en route !',
          body: `Commande n° ${n}. Le cuisinier vous l’apporte${slot ? ` ${formatPickupSlot(slot.start, slot.end)}` : ''}.`,
        };
      const where = [
        slot ? `Retrait ${formatPickupSlot(slot.start, slot.end)}` : null,
        placeText(address) ? `au ${placeText(address)}` : null,
      ];
      const line = where.filter(Boolean).join(' ');
      return { ...base, title: 'Votre commande est prête à être retirée !', body: `Commande n° ${n}.${line ? ` ${line}.` : ''}` };
    }
    case 'cancelled':
      return {
        ...base,
        title: `Commande n° ${n} annulée`,
        body: 'Votre commande a été annulée. Si elle était payée, elle vous est remboursée automatiquement.',
      };
    default:
      return null;
  }
}

/** The cook's push for a new order. */
export function newOrderPush(
  orderId: string,
  portions: number,
  totalCents: number,
  slot: { start: string; end: string } | null,
): PushPayload {
  const what = `${portions} portion${portions > 1 ? 's' : ''} · ${euros(totalCents)}`;
  return {
    title: `Nouvelle commande n° ${orderNumber(orderId)}`,
    body: slot ? `${what}, à retirer ${formatPickupSlot(slot.start, slot.end)}.` : `${what}.`,
    url: '/cook/dashboard',
    tag: `order-${orderId}`,
  };
}

/** The digest's section titles, in the order they appear. */
export const DIGEST_SECTIONS: Record<Exclude<AlertKind, 'order_updates'>, string> = {
  new_dish: 'Nouveaux plats de vos cuisiniers',
  new_slots: 'Nouveaux créneaux de retrait',
  back_in_stock: 'Vos plats favoris de nouveau disponibles',
};
export type EmailKind = keyof typeof DIGEST_SECTIONS;
export const EMAIL_KINDS = Object.keys(DIGEST_SECTIONS) as EmailKind[];

/** The day's email: every line since the last one, by section, each with its link, then the unsubscribe links. */
export function digestEmail(
  name: string,
  lines: { kind: EmailKind; title: string; body: string; url: string }[],
  links: { unsubscribe: Partial<Record<EmailKind, string>>; profile: string },
): { subject: string; text: string } {
  const sections = EMAIL_KINDS.filter((k) => lines.some((l) => l.kind === k)).map((kind) =>
    [DIGEST_SECTIONS[kind], ...lines.filter((l) => l.kind === kind).map((l) => `- ${l.title} : ${l.body}\n  ${l.url}`)].join('\n'),
  );
  const stops = EMAIL_KINDS.filter((k) => links.unsubscribe[k]).map(
    (k) => `- ${ALERT_KIND_LABELS[k].toLowerCase()} : ${links.unsubscribe[k]}`,
  );
  const count = lines.length;
  return {
    subject: count === 1 ? `Popote : ${lines[0]!.title}` : `Popote : ${count} nouveautés pour vous`,
    text: [
      `Bonjour ${name},`,
      'Voici les nouveautés de vos cuisiniers et de vos plats favoris depuis notre dernier message.',
      ...sections,
      ['Pour ne plus recevoir ces emails (un clic suffit, sans vous connecter) :', ...stops].join('\n'),
      `Choisir vos alertes, par email ou sur vos appareils : ${links.profile}`,
      "L'équipe Popote",
    ].join('\n\n'),
  };
}
