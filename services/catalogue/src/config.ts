import { SLOT_HOLD_MINUTES } from '@popote/contracts';
import { loadConfig, mediaConfigSchema, serviceConfigSchema } from '@popote/platform';
import { z } from 'zod';

export const catalogueConfigSchema = serviceConfigSchema('catalogue', 4102)
  .extend(mediaConfigSchema.shape)
  .extend({
    /** How long a checkout's reservation lasts (docs/checkout.md); shorter in tests and benches. */
    RESERVATION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 3600)
      .default(SLOT_HOLD_MINUTES * 60),
  });
export type CatalogueConfig = ReturnType<typeof catalogueConfig>;
export const catalogueConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(catalogueConfigSchema, env);
