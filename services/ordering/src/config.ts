import { loadConfig, serviceConfigSchema } from '@popote/platform';

export const orderingConfigSchema = serviceConfigSchema('ordering', 4104);
export type OrderingConfig = ReturnType<typeof orderingConfig>;
export const orderingConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(orderingConfigSchema, env);
