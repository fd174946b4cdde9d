import { z } from 'zod';

/** Variables every process reads. Each has a working local default except production secrets. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NATS_URL: z.string().default('nats://127.0.0.1:14222'),
  MONGO_URL: z.string().default('mongodb://127.0.0.1:37017'),
  HTTP_HOST: z.string().default('127.0.0.1'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().default('http://127.0.0.1:14318'),
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).default('false'),
  /** JetStream: deliveries before a message goes to the dead-letter subject. */
  EVENTS_MAX_DELIVER: z.coerce.number().int().min(2).default(5),
  /** Deliveries of money and stock events (back-off up to 10 min: ~5 h with 40) before dead-lettering. */
  EVENTS_CRITICAL_MAX_DELIVER: z.coerce.number().int().min(2).default(40),
  /** Replicas of the JetStream streams (3 on a 3-node cluster; set when the stream is created). */
  EVENTS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * Validates the environment once at start; a bad value stops the process with a list of what is
 * wrong instead of failing later somewhere else.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}

/** Each service owns one database; the name can be overridden (tests give each file its own). */
export function serviceConfigSchema(service: string, defaultPort: number) {
  return baseConfigSchema.extend({
    SERVICE_NAME: z.string().default(service),
    MONGO_DB: z.string().default(`popote_${service}`),
    HTTP_PORT: z.coerce.number().int().min(0).default(defaultPort),
  });
}
export type ServiceConfig = z.infer<ReturnType<typeof serviceConfigSchema>>;
