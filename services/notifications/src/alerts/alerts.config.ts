import { z } from 'zod';

/** The alerts' settings (docs/alerts.md), part of notifications' configuration (config.ts). */
export const alertsConfigShape = {
  /**
   * The hour (Paris time, 0–23) from which the day's digest of alert emails goes out: one email a day
   * at most per buyer, listing what came since their last one.
   */
  ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(18),
  /** How often every replica looks for digests due (ms; 0: never, tests run the job themselves). */
  ALERT_DIGEST_CHECK_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Attempts at one push (a push service answering 5xx, 429 or not at all) before it is given up. */
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /**
   * The key that signs the one-click unsubscribe links of alert emails. Unset: derived from
   * VAPID_PRIVATE_KEY (HKDF), the deployment's own secret whose development value production refuses.
   */
  ALERT_UNSUBSCRIBE_SECRET: z.string().min(32, 'ALERT_UNSUBSCRIBE_SECRET must be at least 32 characters').optional(),
};
