import { createECDH } from 'node:crypto';
import { loadConfig, serviceConfigSchema } from '@popote/platform';
import { z } from 'zod';
import { alertsConfigShape } from './alerts/alerts.config';

/**
 * The development VAPID key pair (Web Push: the push services know our pushes by it). It is in this
 * repository, so production refuses it: each deployment generates its own
 * (`npx web-push generate-vapid-keys`, or openssl: docs in .env.example).
 */
export const DEV_VAPID_PUBLIC_KEY = 'BDCAyAhTnZ5-GxPKQEw6IqjxGoR628MYp-SfUDurCZMV9Vezt4MYhOrVligJTNwtxpuo0Iyf5Afhg9KYZPVAvn8';
export const DEV_VAPID_PRIVATE_KEY = 'QokBgPDfIqnYucgESiXKPD6ip1f__LtDBGDu7SB-9Qg';

const base64url = (bytes: number, name: string) =>
  z
    .string()
    .trim()
    .refine((k) => /^[A-Za-z0-9_-]+$/.test(k) && Buffer.from(k, 'base64url').length === bytes, {
      message: `${name} must be ${bytes} bytes in base64url (a P-256 VAPID key as web-push generates it)`,
    });

export const notificationsConfigSchema = serviceConfigSchema('notifications', 4106).extend({
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().default(11025),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Popote <bonjour@popote.fr>'),
  /** Where contact messages go (also shown in the footer). */
  SUPPORT_EMAIL: z.string().default('contact@popote.fr'),
  /** Give up on an email after this many failed sends (then it stays visible as failed). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /**
   * Retention (privacy page « Combien de temps nous les gardons »): contact messages are deleted this
   * many days after they were sent, the log of emails sent (sent or given up) this many days after
   * they were queued. A purge applies it every RETENTION_PURGE_INTERVAL_MS on every replica (idempotent).
   */
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(1095),
  EMAIL_LOG_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
  RETENTION_PURGE_INTERVAL_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(3_600_000),
  /** The site's public address, for links in emails (the receipt of an order). */
  PUBLIC_URL: z
    .url({ message: 'PUBLIC_URL must be an http(s) address' })
    .default('http://127.0.0.1:3000')
    .transform((u) => u.replace(/\/+$/, '')),
  /**
   * Web Push (VAPID, RFC 8292): the deployment's P-256 key pair, base64url (public: 65 bytes
   * uncompressed, given to the browsers; private: 32 bytes, signs every push), and the contact the
   * push services may reach (`mailto:` or `https:`).
   */
  VAPID_PUBLIC_KEY: base64url(65, 'VAPID_PUBLIC_KEY').default(DEV_VAPID_PUBLIC_KEY),
  VAPID_PRIVATE_KEY: base64url(32, 'VAPID_PRIVATE_KEY').default(DEV_VAPID_PRIVATE_KEY),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL')
    .default('mailto:contact@popote.fr'),
  ...alertsConfigShape,
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
export const notificationsConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const c = loadConfig(notificationsConfigSchema, env);
  // Links in emails must reach the real site over https in production, never the local default.
  if (c.NODE_ENV === 'production' && !/^https:\/\//.test(c.PUBLIC_URL))
    throw new Error('Invalid configuration:\n  PUBLIC_URL must be the https address of the site in production');
  const vapid = vapidProblem(c);
  if (vapid) throw new Error(`Invalid configuration:\n  ${vapid}`);
  return c;
};

/** Why the VAPID settings cannot sign pushes (or, in production, must not), or null. */
function vapidProblem(c: NotificationsConfig): string | null {
  if (c.NODE_ENV === 'production' && (c.VAPID_PRIVATE_KEY === DEV_VAPID_PRIVATE_KEY || c.VAPID_PUBLIC_KEY === DEV_VAPID_PUBLIC_KEY))
    return 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are the public development pair; generate a key pair of your own for production';
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(c.VAPID_PRIVATE_KEY, 'base64url'));
  } catch {
    return 'VAPID_PRIVATE_KEY is not a P-256 private key';
  }
  if (!ecdh.getPublicKey().equals(Buffer.from(c.VAPID_PUBLIC_KEY, 'base64url')))
    return 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY (set both from one generated pair)';
  return null;
}
