import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { NotificationsConfig } from '../config';
import { EMAIL_KINDS, type EmailKind } from './alert-texts';

/** The site's page of a one-click unsubscribe (the BFF answers its POST, RFC 8058; the page its GET). */
export const UNSUBSCRIBE_PATH = '/alertes/desabonnement';

/**
 * The key that signs unsubscribe links: ALERT_UNSUBSCRIBE_SECRET, else derived from the deployment's
 * VAPID private key (HKDF-SHA256, its own label: the key itself never signs anything but pushes).
 */
export function unsubscribeKey(config: Pick<NotificationsConfig, 'ALERT_UNSUBSCRIBE_SECRET' | 'VAPID_PRIVATE_KEY'>): Buffer {
  if (config.ALERT_UNSUBSCRIBE_SECRET) return Buffer.from(config.ALERT_UNSUBSCRIBE_SECRET, 'utf8');
  return Buffer.from(hkdfSync('sha256', Buffer.from(config.VAPID_PRIVATE_KEY, 'base64url'), 'popote', 'alerts-unsubscribe', 32));
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(`alerts-unsubscribe|${body}`).digest('base64url');

/**
 * A link's token: `<user id, base64url>.<kinds joined by '-'>.<HMAC-SHA256 of both>` (URL-safe as it is). It names a
 * person and the kinds of email to stop; it does not expire (an email read months later still
 * unsubscribes), and stopping twice is stopping.
 */
export function unsubscribeToken(key: Buffer, userId: string, kinds: readonly EmailKind[]): string {
  const body = `${Buffer.from(userId, 'utf8').toString('base64url')}.${[...new Set(kinds)].join('-')}`;
  return `${body}.${mac(key, body)}`;
}

/** The person and kinds a token names, or null when it was not signed by us (tampered, truncated, another deployment's). */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; kinds: EmailKind[] } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [user, kindList, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(key, `${user}.${kindList}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const kinds = kindList.split('-');
  if (!kinds.length || !kinds.every((k): k is EmailKind => (EMAIL_KINDS as string[]).includes(k))) return null;
  const userId = Buffer.from(user, 'base64url').toString('utf8');
  return userId ? { userId, kinds } : null;
}
