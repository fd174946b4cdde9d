import { loadConfig, serviceConfigSchema } from '@popote/platform';
import { z } from 'zod';

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
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
export const notificationsConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const c = loadConfig(notificationsConfigSchema, env);
  // Links in emails must reach the real site over https in production, never the local default.
  if (c.NODE_ENV === 'production' && !/^https:\/\//.test(c.PUBLIC_URL))
    throw new Error('Invalid configuration:\n  PUBLIC_URL must be the https address of the site in production');
  return c;
};
