import { loadConfig, mediaConfigSchema, serviceConfigSchema } from '@popote/platform';

export const catalogueConfigSchema = serviceConfigSchema('catalogue', 4102).extend(mediaConfigSchema.shape);
export type CatalogueConfig = ReturnType<typeof catalogueConfig>;
export const catalogueConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(catalogueConfigSchema, env);
