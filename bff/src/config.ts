import { baseConfigSchema, loadConfig, mediaConfigSchema } from '@popote/platform';
import { z } from 'zod';

export const bffConfigSchema = baseConfigSchema.extend(mediaConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(0).default(4000),
  GRAPHIQL: z.enum(['true', 'false']).default('true'),
});
export type BffConfig = z.infer<typeof bffConfigSchema>;
export const bffConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(bffConfigSchema, env);
