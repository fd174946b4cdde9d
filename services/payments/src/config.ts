import { loadConfig, serviceConfigSchema } from '@popote/platform';
import { z } from 'zod';

export const paymentsConfigSchema = serviceConfigSchema('payments', 4105).extend({
  /** stripe when a secret key is set, else the offline sandbox (same lifecycle, Stripe's test cards). */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().default('whsec_popote_local_development'),
  /** e.g. http://127.0.0.1:12111 to talk to stripe-mock. */
  STRIPE_API_BASE: z.string().optional(),
  /** Reconciliation sweep period (0 turns it off) and how old a paid checkout must be to be checked. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema> & { provider: 'sandbox' | 'stripe' };
export const paymentsConfig = (env: NodeJS.ProcessEnv = process.env): PaymentsConfig => {
  const c = loadConfig(paymentsConfigSchema, env);
  return { ...c, provider: c.PAYMENTS_PROVIDER ?? (c.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox') };
};
