import { loadConfig, serviceConfigSchema } from '@popote/platform';
import { z } from 'zod';

export const paymentsConfigSchema = serviceConfigSchema('payments', 4105).extend({
  /**
   * stripe when a secret key is set. The offline sandbox (Stripe's test cards, no money moves) is
   * an explicit opt-in, PAYMENTS_PROVIDER=sandbox, refused in production.
   */
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
  const provider = c.PAYMENTS_PROVIDER ?? (c.STRIPE_SECRET_KEY ? 'stripe' : undefined);
  const refuse = (why: string) => {
    throw new Error(`Invalid configuration:\n  ${why}`);
  };
  if (!provider) return refuse('no payment provider: set STRIPE_SECRET_KEY (Stripe), or PAYMENTS_PROVIDER=sandbox for the offline sandbox');
  if (provider === 'sandbox' && c.NODE_ENV === 'production')
    return refuse('PAYMENTS_PROVIDER=sandbox is refused in production: nobody would pay for the orders');
  if (provider === 'stripe') {
    if (!c.STRIPE_SECRET_KEY || !/^(sk|rk)_(live|test)_\w+$/.test(c.STRIPE_SECRET_KEY))
      return refuse('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)');
    // A test-mode key moves no money: in production it is the sandbox under another name.
    if (c.NODE_ENV === 'production' && !/^(sk|rk)_live_/.test(c.STRIPE_SECRET_KEY))
      return refuse('STRIPE_SECRET_KEY must be a live key (sk_live_… or rk_live_…) in production');
    if (c.NODE_ENV === 'production' && c.STRIPE_API_BASE) return refuse('STRIPE_API_BASE (a mock) is refused in production');
  }
  return { ...c, provider };
};
