import { authConfigSchema, baseConfigSchema, loadConfig, mediaConfigSchema } from '@popote/platform';
import { z } from 'zod';

export const bffConfigSchema = baseConfigSchema
  .extend(mediaConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend({
    /** Secure cookies need HTTPS: on in production, off on the local http://127.0.0.1 setup. */
    COOKIE_SECURE: z.enum(['true', 'false']).default(process.env.NODE_ENV === 'production' ? 'true' : 'false'),
    HTTP_PORT: z.coerce.number().int().min(0).default(4000),
    GRAPHIQL: z.enum(['true', 'false']).default('true'),
  });
export type BffConfig = z.infer<typeof bffConfigSchema>;
export const bffConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(bffConfigSchema, env);
