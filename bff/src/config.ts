import { RATE_LIMIT_DEFAULTS, type RateLimitSetting } from '@popote/contracts';
import { actorSigningConfigSchema, authConfigSchema, baseConfigSchema, loadConfig, mediaConfigSchema } from '@popote/platform';
import { z } from 'zod';

/** Per-client limits, "points/seconds" (their names, defaults and meaning: RATE_LIMIT_DEFAULTS). */
const rateLimitsSchema = Object.fromEntries(
  Object.entries(RATE_LIMIT_DEFAULTS).map(([name, fallback]) => [
    name,
    z
      .string()
      .regex(/^\d+\/\d+$/, 'expected points/seconds, e.g. 10/3600')
      .default(fallback),
  ]),
) as Record<RateLimitSetting, z.ZodDefault<z.ZodString>>;

export const bffConfigSchema = baseConfigSchema
  .extend(mediaConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend(actorSigningConfigSchema.shape)
  .extend(rateLimitsSchema)
  .extend({
    /** Secure cookies need HTTPS: on in production (required), off on the local http://127.0.0.1 setup. */
    COOKIE_SECURE: z.enum(['true', 'false']).default(process.env.NODE_ENV === 'production' ? 'true' : 'false'),
    HTTP_PORT: z.coerce.number().int().min(0).default(4000),
    /** The GraphQL IDE: an explicit opt-in for local development, refused in production. */
    GRAPHIQL: z.enum(['true', 'false']).default('false'),
    /** Where the rate-limit counters live (the shared MongoDB-protocol store, one database for every replica). */
    MONGO_DB: z.string().default('popote_bff'),
    /**
     * The proxies in front of the BFF whose X-Forwarded-For is believed: a hop count or addresses and
     * subnets (Express's `trust proxy`). Locally the shell's proxy on loopback; required in production.
     */
    TRUST_PROXY: z.string().min(1).optional(),
    /**
     * Jaeger's UI as operators reach it: the console links an order to its checkout's trace
     * (`<url>/trace/<id>`). Absent: no link.
     */
    JAEGER_UI_URL: z.url().optional(),
    /** The data export job (ADR 0026): archives live in this private bucket (never served by /media/*). */
    EXPORT_BUCKET: z.string().min(3).default('popote-exports'),
    /**
     * The cooks' trader documents (their DDPP declaration receipt, their hygiene certificate): a private
     * bucket, read only through the BFF by the cook and the operators (never served by /media/*).
     */
    TRADER_DOCUMENTS_BUCKET: z.string().min(3).default('popote-trader-documents'),
    /** How long a ready archive can be downloaded before the sweep deletes it (7 days). */
    EXPORT_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(168),
    /** How long a builder holds an export job without a heartbeat before the work queue gives it to another (it died). */
    EXPORT_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
    /** How often each replica deletes expired archives and orphaned objects, and retries unsent emails. */
    EXPORT_SWEEP_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
    /**
     * Public reads (meals, a meal, featured meals, popular cooks, cook pages) are cached and dropped
     * on the catalogue's and identity's change events (ADR 0006); the TTL bounds what a missed event
     * could leave stale. 0 turns the cache off.
     */
    READ_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(1000),
    /**
     * How long a replica keeps the advertisements that may be shown (ADR 0020): a campaign whose day
     * is spent or that was stopped leaves the pages within this plus payments' 5 s.
     */
    ADS_REFRESH_MS: z.coerce.number().int().min(1_000).max(50_000).default(10_000),
    /**
     * What the public reads and the whole answers kept for signed-out visitors may weigh together
     * (key + JSON, UTF-8 bytes): distinct queries, communes, ids or cursors cannot grow the
     * replica's memory past it. READ_CACHE_MAX_ENTRIES bounds their number together.
     */
    READ_CACHE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(32 * 1024 * 1024),
  });
export type BffConfig = z.infer<typeof bffConfigSchema> & { TRUST_PROXY: string };

export const bffConfig = (env: NodeJS.ProcessEnv = process.env): BffConfig => {
  const config = loadConfig(bffConfigSchema, env);
  if (config.NODE_ENV === 'production') {
    const problems = [
      config.COOKIE_SECURE !== 'true' && 'COOKIE_SECURE must be true in production (session cookies only over HTTPS)',
      config.GRAPHIQL === 'true' && 'GRAPHIQL must be off in production',
      !config.TRUST_PROXY &&
        'TRUST_PROXY must name the proxies in front of the BFF (hop count or subnets), or every client shares one rate limit',
    ].filter((p): p is string => !!p);
    if (problems.length) throw new Error(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  if (config.EXPORT_BUCKET === config.MEDIA_BUCKET)
    throw new Error('Invalid configuration:\n  EXPORT_BUCKET must not be MEDIA_BUCKET (the media bucket is served publicly under /media)');
  if ([config.MEDIA_BUCKET, config.EXPORT_BUCKET].includes(config.TRADER_DOCUMENTS_BUCKET))
    throw new Error(
      'Invalid configuration:\n  TRADER_DOCUMENTS_BUCKET must be a bucket of its own (private, not MEDIA_BUCKET nor EXPORT_BUCKET)',
    );
  return { ...config, TRUST_PROXY: config.TRUST_PROXY ?? 'loopback' };
};
