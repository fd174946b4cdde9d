import { ADS, COMMISSION_PERCENT_MAX } from '@popote/contracts';
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
  /**
   * The platform's commission, percent of each order's total (two decimals at most), fixed on the
   * checkout when the consumer pays (ADR 0007).
   */
  PLATFORM_COMMISSION_PERCENT: z.coerce
    .number({ message: 'PLATFORM_COMMISSION_PERCENT must be a number (percent)' })
    .min(0, 'PLATFORM_COMMISSION_PERCENT must be between 0 and 50')
    .max(COMMISSION_PERCENT_MAX, 'PLATFORM_COMMISSION_PERCENT must be between 0 and 50')
    .refine((p) => Number.isInteger(Math.round(p * 100 * 1e6) / 1e6), 'PLATFORM_COMMISSION_PERCENT: two decimals at most')
    .default(15),
  /** Automatic payout rounds: daily (default), hourly, weekly, off, or a period in milliseconds (≥ 10 000). */
  PAYOUT_SCHEDULE: z
    .string()
    .default('daily')
    .refine((s) => /^(daily|hourly|weekly|off)$/.test(s) || (/^\d+$/.test(s) && Number(s) >= 10_000), {
      message: 'PAYOUT_SCHEDULE must be daily, hourly, weekly, off or a period in milliseconds (at least 10000)',
    }),
  /**
   * How many times one buyer may reserve food (a new checkout or a renewal) in any 24 h: with one
   * open checkout per buyer, nobody keeps a cook's portions and places booked for days.
   */
  CHECKOUT_RESERVATIONS_PER_DAY: z.coerce.number().int().min(1).default(20),
  /**
   * How often payouts whose outcome was lost (crash, provider unanswered) are tried again: minutes,
   * not the next daily round — the provider honours an idempotency key for ~24 h only. 0 turns it
   * off (then only the scheduled rounds retry).
   */
  PAYOUT_RETRY_MS: z.coerce
    .number({ message: 'PAYOUT_RETRY_MS must be a period in milliseconds' })
    .int('PAYOUT_RETRY_MS must be a period in milliseconds')
    .refine((ms) => ms === 0 || (ms >= 1_000 && ms <= 3_600_000), 'PAYOUT_RETRY_MS must be 0 (off) or between 1000 and 3600000')
    .default(300_000),
  /** Advertisements (ADR 0020): the price of a thousand displays, fixed on each campaign when it starts. */
  ADS_CPM_CENTS: z.coerce
    .number({ message: 'ADS_CPM_CENTS must be a number of cents' })
    .int('ADS_CPM_CENTS must be a whole number of cents')
    .min(1, 'ADS_CPM_CENTS must be between 1 and 100000')
    .max(100_000, 'ADS_CPM_CENTS must be between 1 and 100000')
    .default(ADS.defaultCpmCents),
  /**
   * A campaign day in milliseconds (budgets are shared and spent per day). A day in production; tests
   * shorten it to see days close.
   */
  ADS_DAY_MS: z.coerce
    .number({ message: 'ADS_DAY_MS must be a period in milliseconds' })
    .int('ADS_DAY_MS must be a period in milliseconds')
    .min(2_000, 'ADS_DAY_MS must be at least 2000')
    .default(86_400_000),
  /**
   * How long an instance keeps what it read of the platform's first-order offer and of a cook's
   * automatic promotions (ADR 0045): a change reaches the other instances within it (the instance that
   * wrote it at once); a limited promotion's use is still decided on its record. 0: read at each checkout.
   */
  PROMOTIONS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Connect events (account.updated, payout.failed) come to their own endpoint with their own secret. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().default('whsec_popote_local_connect_development'),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema> & {
  provider: 'sandbox' | 'stripe';
  /** The commission rate in basis points (15 % = 1500). */
  commissionBp: number;
  /** Period of the payout rounds in ms; 0 = off. */
  payoutEveryMs: number;
};

const SCHEDULES: Record<string, number> = { off: 0, hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 };

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
  return {
    ...c,
    provider,
    commissionBp: Math.round(c.PLATFORM_COMMISSION_PERCENT * 100),
    payoutEveryMs: SCHEDULES[c.PAYOUT_SCHEDULE] ?? Number(c.PAYOUT_SCHEDULE),
  };
};
