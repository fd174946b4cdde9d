import { authConfigSchema, loadConfig, serviceConfigSchema } from '@popote/platform';
import { z } from 'zod';

export const identityConfigSchema = serviceConfigSchema('identity', 4101)
  .extend(authConfigSchema.shape)
  .extend({
    /** Failed sign-ins allowed per account, and per client address, within the window. */
    LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_IP: z.coerce.number().int().min(1).default(30),
    LOGIN_WINDOW_S: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    /** A refresh token replayed within this delay is refused without revoking its family (parallel requests). */
    REFRESH_REUSE_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    /** Where the store has no TTL indexes (FerretDB 1.x), expired sessions and counters are swept this often. */
    EXPIRY_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  });
export type IdentityConfig = z.infer<typeof identityConfigSchema>;
/** In production AUTH_JWT_SECRET must be a strong secret of your own (checked by loadConfig). */
export const identityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => loadConfig(identityConfigSchema, env);
