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
   * The shell's public address: the links of account emails (verification, password reset, email
   * change) open pages there. Required in production, never taken from a request's Host.
   */
  PUBLIC_URL: z.string().url().optional(),
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
export const notificationsConfig = (env: NodeJS.ProcessEnv = process.env): NotificationsConfig & { PUBLIC_URL: string } => {
  const config = loadConfig(notificationsConfigSchema, env);
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    throw new Error('Refusing to start in production:\n  PUBLIC_URL must be the public address of the shell (the links of account emails)');
  }
  return { ...config, PUBLIC_URL: (config.PUBLIC_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '') };
};
