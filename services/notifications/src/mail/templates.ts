import { ORDER_STATUS_LABELS, orderStatusLabel, type FulfilmentMode, type OrderStatus } from '@popote/contracts';

const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const number = (orderId: string) => orderId.slice(-8);

/** A pick-up slot (ISO instants), at the cook's in Paris: "mardi 13 janvier, 18:00–18:30". */
export interface PickupSlot {
  start: string;
  end: string;
}
const slotDay = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long' });
const slotTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
export const slotText = (slot: PickupSlot) =>
  `${slotDay.format(new Date(slot.start))}, ${slotTime.format(new Date(slot.start))}–${slotTime.format(new Date(slot.end))}`;

/** The consumer's email for a status change, worded for a delivery (ADR 0044), or null when the change is not worth an email. */
export function statusEmail(
  name: string,
  orderId: string,
  to: OrderStatus,
  mode: FulfilmentMode = 'pickup',
): { subject: string; text: string } | null {
  const n = number(orderId);
  const delivery = mode === 'delivery';
  switch (to) {
    case 'confirmed':
      return {
        subject: `Commande n° ${n} confirmée`,
        text: delivery
          ? `Bonjour ${name},\n\nLe cuisinier a confirmé votre commande n° ${n}. Nous vous préviendrons dès qu'elle sera en route.\n\nL'équipe Popote`
          : `Bonjour ${name},\n\nLe cuisinier a confirmé votre commande n° ${n}. Nous vous préviendrons dès qu'elle sera prête à être retirée.\n\nL'équipe Popote`,
      };
    case 'ready':
      if (delivery)
        return {
          subject: `Commande n° ${n} en cours de livraison`,
          text: `Bonjour ${name},\n\nVotre commande n° ${n} est en route : le cuisinier vous l'apporte à l'adresse indiquée. (${orderStatusLabel('ready', 'delivery')})\n\nBon appétit,\nL'équipe Popote`,
        };
      return {
        subject: `Commande n° ${n} prête à être retirée`,
        text: `Bonjour ${name},\n\nVotre commande n° ${n} est prête à être retirée ! (${ORDER_STATUS_LABELS.ready})\n\nBon appétit,\nL'équipe Popote`,
      };
    case 'cancelled':
      return {
        subject: `Commande n° ${n} annulée`,
        text: `Bonjour ${name},\n\nVotre commande n° ${n} a été annulée. Si elle était payée, elle vous est remboursée automatiquement.\n\nL'équipe Popote`,
      };
    default:
      return null;
  }
}

/** One line per dish: "- 2 × Tajine de poulet". Events published before names travelled have none. */
const dishLines = (items: OrderedDish[]) => items.map((i) => `- ${i.quantity} × ${i.name || 'plat'}`).join('\n');

export interface OrderedDish {
  quantity: number;
  name?: string;
}

/** The cook's email for a new order addressed to them. */
export function newOrderEmail(
  cookName: string,
  orderId: string,
  totalCents: number,
  items: OrderedDish[],
  slot: PickupSlot | null = null,
  mode: FulfilmentMode = 'pickup',
): { subject: string; text: string } {
  const n = number(orderId);
  // Never the buyer's address in an email (ADR 0044): the dashboard shows it once the order is confirmed.
  const when = slot
    ? mode === 'delivery'
      ? `Livraison prévue : ${slotText(slot)} (heure de Paris). L'adresse s'affiche sur votre tableau de bord dès que vous confirmez la commande.\n\n`
      : `Retrait prévu : ${slotText(slot)} (heure de Paris).\n\n`
    : '';
  return {
    subject: `Nouvelle commande n° ${n}`,
    text:
      `Bonjour ${cookName},\n\nVous avez reçu une nouvelle commande n° ${n} (${euros(totalCents)}) :\n${dishLines(items)}\n\n` +
      `${when}Confirmez-la depuis votre tableau de bord.\n\nL'équipe Popote`,
  };
}

/** The consumer's confirmation once their paid order is placed (one per cook of the checkout). */
export function orderPlacedEmail(
  consumerName: string,
  orderId: string,
  totalCents: number,
  items: OrderedDish[],
  cookUsername: string | null,
  slot: PickupSlot | null = null,
  receiptUrl?: string,
  mode: FulfilmentMode = 'pickup',
): { subject: string; text: string } {
  const n = number(orderId);
  const delivery = mode === 'delivery';
  const pickup = delivery
    ? `Livraison par le cuisinier${slot ? ` : ${slotText(slot)} (heure de Paris)` : ''}, à l'adresse indiquée à la commande.`
    : slot
      ? `Retrait : ${slotText(slot)} (heure de Paris), chez le cuisinier. L'adresse exacte s'affiche dans « Mes commandes » dès qu'il a confirmé la commande.`
      : 'Retrait : chez le cuisinier, dès que la commande est prête.';
  return {
    subject: `Commande n° ${n} enregistrée`,
    text:
      `Bonjour ${consumerName},\n\nNous avons bien reçu votre commande n° ${n} (${euros(totalCents)}), payée par carte :\n${dishLines(items)}\n\n` +
      `${cookUsername ? `Cuisinier : ${cookUsername}\n` : ''}${pickup}\n\n` +
      `Elle attend maintenant la confirmation du cuisinier. Nous vous écrirons quand elle sera confirmée, puis quand elle sera ${delivery ? 'en route' : 'prête à être retirée'}. ` +
      `Vous pouvez la suivre à tout moment dans « Mes commandes ».\n\n` +
      `${receiptUrl ? `Votre reçu (vendeur, détail, PDF) : ${receiptUrl}\n\n` : ''}L'équipe Popote`,
  };
}

/** The account emails (ADR 0009); `link` is built from PUBLIC_URL by the caller. */
export function accountEmail(
  kind: 'verify' | 'reset' | 'email-change' | 'email-change-notice',
  name: string,
  link: string | null,
  newEmail?: string,
): { subject: string; text: string } {
  switch (kind) {
    case 'verify':
      return {
        subject: 'Confirmez votre adresse email',
        text:
          `Bonjour ${name},\n\nBienvenue sur Popote ! Pour pouvoir payer vos commandes et publier vos plats, confirmez votre adresse email en ouvrant ce lien (valable 48 heures, une seule fois) :\n\n${link}\n\n` +
          `Si vous n'avez pas créé de compte, ignorez cet email.\n\nL'équipe Popote`,
      };
    case 'reset':
      return {
        subject: 'Réinitialisation de votre mot de passe',
        text:
          `Bonjour ${name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable 30 minutes, une seule fois) :\n\n${link}\n\n` +
          `Toutes vos sessions seront fermées. Si vous n'avez rien demandé, ignorez cet email : votre mot de passe reste inchangé.\n\nL'équipe Popote`,
      };
    case 'email-change':
      return {
        subject: 'Confirmez votre nouvelle adresse email',
        text:
          `Bonjour ${name},\n\nPour que cette adresse devienne celle de votre compte Popote, ouvrez ce lien (valable 24 heures, une seule fois) :\n\n${link}\n\n` +
          `Si vous n'avez rien demandé, ignorez cet email.\n\nL'équipe Popote`,
      };
    case 'email-change-notice':
      return {
        subject: "Demande de changement d'adresse email",
        text:
          `Bonjour ${name},\n\nUn changement de l'adresse email de votre compte Popote vers ${newEmail ?? 'une nouvelle adresse'} a été demandé. ` +
          `Il ne prendra effet que lorsque le lien envoyé à cette nouvelle adresse sera ouvert.\n\n` +
          `Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et écrivez-nous via la page Contact.\n\nL'équipe Popote`,
      };
  }
}

const longDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The person's data archive is ready: the link opens the profile, where signing in is needed to download it. */
export function dataExportReadyEmail(name: string, link: string, expiresAt: string): { subject: string; text: string } {
  return {
    subject: 'Votre archive de données Popote est prête',
    text:
      `Bonjour ${name},\n\nL'archive de vos données que vous avez demandée est prête. Pour la télécharger, connectez-vous à votre compte puis ouvrez « Mes données » sur votre profil :\n\n${link}\n\n` +
      `Elle restera disponible jusqu'au ${longDate.format(new Date(expiresAt))} (heure de Paris), puis sera supprimée. ` +
      `Si vous n'avez rien demandé, changez votre mot de passe et écrivez-nous via la page Contact.\n\nL'équipe Popote`,
  };
}

/** Where the data export's email sends the person (the profile's « Mes données » card). */
export const DATA_EXPORT_LINK_PATH = '/profile#mes-donnees';

/** Where each link opens in the shell. */
export const ACCOUNT_LINK_PATHS = { verify: '/verify-email', reset: '/reset-password', 'email-change': '/verify-email' } as const;

/** The buyer's reminder an hour before their pick-up slot. */
export function pickupReminderEmail(
  name: string,
  orderId: string,
  cookName: string,
  slot: PickupSlot,
  mode: FulfilmentMode = 'pickup',
): { subject: string; text: string } {
  const n = number(orderId);
  if (mode === 'delivery')
    return {
      subject: `Rappel : livraison de votre commande n° ${n} dans une heure`,
      text:
        `Bonjour ${name},\n\n${cookName} vous livre votre commande n° ${n} : ${slotText(slot)} (heure de Paris), à l'adresse indiquée à la commande.\n\n` +
        `Bon appétit,\nL'équipe Popote`,
    };
  return {
    subject: `Rappel : retrait de votre commande n° ${n} dans une heure`,
    text:
      `Bonjour ${name},\n\nVotre commande n° ${n} est à retirer chez ${cookName} : ${slotText(slot)} (heure de Paris).\n\n` +
      `L'adresse est dans « Mes commandes ».\n\nBon appétit,\nL'équipe Popote`,
  };
}

/** The cook moved the pick-up slot of the buyer's order. */
export function slotMovedEmail(
  name: string,
  orderId: string,
  cookName: string,
  slot: PickupSlot,
  mode: FulfilmentMode = 'pickup',
): { subject: string; text: string } {
  const n = number(orderId);
  const what = mode === 'delivery' ? 'livraison' : 'retrait';
  return {
    subject: `Nouveau créneau de ${what} pour votre commande n° ${n}`,
    text:
      `Bonjour ${name},\n\n${cookName} a déplacé ${mode === 'delivery' ? 'la livraison' : 'le retrait'} de votre commande n° ${n} : ${slotText(slot)} (heure de Paris).\n\n` +
      `Ce créneau ne vous convient pas ? Vous pouvez lui écrire, ou annuler tant que la commande est en attente de confirmation (« Mes commandes »).\n\nL'équipe Popote`,
  };
}
