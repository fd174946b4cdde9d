import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertKind } from '@popote/rules';
import { z } from 'zod';
import { actorSchema, defineRpc } from '../shared/envelope';
import { idSchema } from '../shared/ids';

/**
 * Bringing buyers back (docs/alerts.md): a buyer follows cooks and keeps favourite dishes; a
 * followed cook's new dish or new pick-up slots, a favourite back in stock, and their orders' steps
 * reach them by email (one digest a day at most) and by Web Push on the devices where they allowed
 * it. Notifications owns follows, favourites, push subscriptions, preferences and the alerts.
 */

// The kinds, channels and their French labels live in @popote/rules (the profile's page shows them too).
export {
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS,
  ALERT_KIND_CHANNELS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type AlertChannel,
  type AlertKind,
} from '@popote/rules';

const channels = z.object({ email: z.boolean(), push: z.boolean() });
export const alertPreferencesSchema = z.object({
  new_dish: channels,
  new_slots: channels,
  back_in_stock: channels,
  order_updates: z.object({ push: z.boolean() }),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** A buyer who never chose: everything on (the push only reaches devices where they allowed it). */
export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  new_dish: { email: true, push: true },
  new_slots: { email: true, push: true },
  back_in_stock: { email: true, push: true },
  order_updates: { push: true },
};

export const FOLLOW_MESSAGES = {
  cookNotFound: 'Ce cuisinier est introuvable.',
  notYourself: 'Vous ne pouvez pas vous suivre vous-même.',
  mealNotFound: 'Ce plat est introuvable.',
  subscriptionInvalid:
    "Cet appareil n'a pas pu être inscrit aux notifications. Réessayez ou autorisez les notifications dans votre navigateur.",
  unsubscribeInvalid: "Ce lien de désinscription n'est pas valide.",
  unsubscribed: (kind: AlertKind) => `Vous ne recevrez plus d'emails pour : ${ALERT_KIND_LABELS[kind].toLowerCase()}.`,
} as const;

/**
 * The public push services browsers subscribe with (Chrome/Edge/Opera: FCM; Firefox: Mozilla; Edge
 * legacy: Windows; Safari: Apple): a push endpoint is one of their hosts or a subdomain of one.
 */
export const PUSH_SERVICE_DOMAINS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'] as const;

/**
 * Where a push endpoint may send the server: 'public' — `https:` on 443, no credentials, no IP
 * literal, a host of a public push service; 'loopback' — this machine by parsed host name (tests
 * and local runs; the notifications service refuses it in production); null — nowhere (an address
 * inside the network, another host, another port or scheme). Prefixes are not enough:
 * `http://localhost.attacker.example` is not this machine.
 */
export function pushEndpointKind(endpoint: string): 'public' | 'loopback' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  if (['localhost', '127.0.0.1', '[::1]'].includes(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return 'loopback';
  if (url.protocol !== 'https:' || url.port !== '') return null;
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  return PUSH_SERVICE_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`)) ? 'public' : null;
}

/** Whether a server may send pushes to this endpoint: a public push service; this machine only outside production. */
export const mayPushTo = (endpoint: string, production: boolean): boolean => {
  const kind = pushEndpointKind(endpoint);
  return kind === 'public' || (kind === 'loopback' && !production);
};

/** A browser's PushSubscription as `toJSON()` gives it (the push service's address and the keys that encrypt for it). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2000, FOLLOW_MESSAGES.subscriptionInvalid)
    .refine((u) => pushEndpointKind(u) !== null, { message: FOLLOW_MESSAGES.subscriptionInvalid }),
  keys: z.object({
    /** The device's P-256 public key, uncompressed (65 bytes, base64url). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, FOLLOW_MESSAGES.subscriptionInvalid),
    /** The 16-byte authentication secret (base64url). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, FOLLOW_MESSAGES.subscriptionInvalid),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

const followState = z.object({ following: z.boolean(), followers: z.number().int().nonnegative() });

export const FollowsRpc = {
  /** 'Suivre' / 'Ne plus suivre' (idempotent: following twice is following). */
  setFollow: defineRpc(
    'rpc.notifications.set-follow',
    z.object({ actor: actorSchema, cook_id: idSchema, follow: z.boolean() }),
    followState,
    {
      callers: ['bff'],
    },
  ),
  /** The cook page, the meal detail and the dashboard: the follower count, and whether the signed-in buyer follows. */
  followState: defineRpc('rpc.notifications.follow-state', z.object({ actor: actorSchema.optional(), cook_id: idSchema }), followState, {
    callers: ['bff'],
  }),
  /** 'Mes cuisiniers': newest first. */
  followedCooks: defineRpc(
    'rpc.notifications.followed-cooks',
    z.object({ actor: actorSchema }),
    z.object({ cooks: z.array(z.object({ cook_id: z.string(), followed_at: z.iso.datetime() })) }),
    { callers: ['bff'] },
  ),
  /** The heart on a card or the detail (idempotent). */
  setFavourite: defineRpc(
    'rpc.notifications.set-favourite',
    z.object({ actor: actorSchema, meal_id: idSchema, favourite: z.boolean() }),
    z.object({ favourite: z.boolean() }),
    { callers: ['bff'] },
  ),
  /** 'Mes favoris' and the hearts of a page: the buyer's favourite dishes, newest first. */
  favourites: defineRpc('rpc.notifications.favourites', z.object({ actor: actorSchema }), z.object({ meal_ids: z.array(z.string()) }), {
    callers: ['bff'],
  }),
} as const;

export const AlertsRpc = {
  /** The deployment's VAPID public key (the browser subscribes with it). */
  pushKey: defineRpc('rpc.notifications.push-key', z.object({}), z.object({ public_key: z.string() }), { callers: ['bff'] }),
  /** This device receives the buyer's pushes (one subscription per device: its endpoint). */
  subscribePush: defineRpc(
    'rpc.notifications.subscribe-push',
    z.object({ actor: actorSchema, subscription: pushSubscriptionSchema, user_agent: z.string().max(300).optional() }),
    z.object({ devices: z.number().int().nonnegative() }),
    { callers: ['bff'] },
  ),
  unsubscribePush: defineRpc(
    'rpc.notifications.unsubscribe-push',
    // The endpoint the device was subscribed with: refused in French when empty or blank (it names no device).
    z.object({
      actor: actorSchema,
      endpoint: z
        .string()
        .max(2000, FOLLOW_MESSAGES.subscriptionInvalid)
        .refine((e) => e.trim() !== '', FOLLOW_MESSAGES.subscriptionInvalid),
    }),
    z.object({ devices: z.number().int().nonnegative() }),
    { callers: ['bff'] },
  ),
  preferences: defineRpc(
    'rpc.notifications.alert-preferences',
    z.object({ actor: actorSchema }),
    z.object({ preferences: alertPreferencesSchema, push_devices: z.number().int().nonnegative() }),
    { callers: ['bff'] },
  ),
  updatePreferences: defineRpc(
    'rpc.notifications.update-alert-preferences',
    z.object({ actor: actorSchema, preferences: alertPreferencesSchema }),
    z.object({ preferences: alertPreferencesSchema, push_devices: z.number().int().nonnegative() }),
    { callers: ['bff'] },
  ),
  /**
   * The one-click unsubscribe of an alert email (List-Unsubscribe / List-Unsubscribe-Post, RFC 8058),
   * signed out: the token (signed by notifications) names the person and the kind; that kind's
   * emails stop. Idempotent.
   */
  unsubscribe: defineRpc(
    'rpc.notifications.unsubscribe-alerts',
    z.object({ token: z.string().min(10).max(500) }),
    z.object({ kind: z.enum(ALERT_KINDS), message: z.string() }),
    { callers: ['bff'] },
  ),
} as const;
