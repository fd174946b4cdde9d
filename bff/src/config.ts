import { authConfigSchema, baseConfigSchema, loadConfig, mediaConfigSchema } from '@popote/platform';
import { z } from 'zod';

export const bffConfigSchema = baseConfigSchema
  .extend(mediaConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend({
    /** Secure cookies need HTTPS: on in production (required), off on the local http://127.0.0.1 setup. */
    COOKIE_SECURE: z.enum(['true', 'false']).default(process.env.NODE_ENV === 'production' ? 'true' : 'false'),
    HTTP_PORT: z.coerce.number().int().min(0).default(4000),
    /** The GraphQL IDE: an explicit opt-in for local development, refused in production. */
    GRAPHIQL: z.enum(['true', 'false']).default('false'),
  });
export type BffConfig = z.infer<typeof bffConfigSchema>;

export const bffConfig = (env: NodeJS.ProcessEnv = process.env): BffConfig => {
  const config = loadConfig(bffConfigSchema, env);
  if (config.NODE_ENV === 'production') {
    const problems = [
      config.COOKIE_SECURE !== 'true' && 'COOKIE_SECURE must be true in production (session cookies only over HTTPS)',
      config.GRAPHIQL === 'true' && 'GRAPHIQL must be off in production',
    ].filter((p): p is string => !!p);
    if (problems.length) throw new Error(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return config;
};
