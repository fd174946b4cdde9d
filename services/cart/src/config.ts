import { loadConfig, serviceConfigSchema } from '@popote/platform';

export const cartConfigSchema = serviceConfigSchema('cart', 4103);
export type CartConfig = ReturnType<typeof cartConfig>;
export const cartConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(cartConfigSchema, env);
