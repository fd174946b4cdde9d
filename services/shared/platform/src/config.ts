import { z } from 'zod';
import { DEV_ACTOR_SIGNING_KEY, DEV_ACTOR_VERIFY_KEY } from './actor-assertion';

/** Variables every process reads. Each has a working local default except production secrets. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NATS_URL: z.string().default('nats://127.0.0.1:14222'),
  /** This process's NATS user (each process has its own permissions); required in production. */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  /** The BFF's public key, to verify the acting user's signed assertions (see actor-assertion.ts). */
  ACTOR_VERIFY_KEY: z.string().default(DEV_ACTOR_VERIFY_KEY),
  MONGO_URL: z.string().default('mongodb://127.0.0.1:37017'),
  HTTP_HOST: z.string().default('127.0.0.1'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().default('http://127.0.0.1:14318'),
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).default('false'),
  /** A span per resolved GraphQL field (read by telemetry.ts before Nest starts): off, costly on lists. */
  OTEL_GRAPHQL_FIELD_SPANS: z.enum(['true', 'false']).default('false'),
  /** JetStream: deliveries before a message goes to the dead-letter subject. */
  EVENTS_MAX_DELIVER: z.coerce.number().int().min(2).default(5),
  /** Deliveries of money and stock events (back-off up to 10 min: ~5 h with 40) before dead-lettering. */
  EVENTS_CRITICAL_MAX_DELIVER: z.coerce.number().int().min(2).default(40),
  /** Replicas of the JetStream streams (3 on a 3-node cluster; set when the stream is created). */
  EVENTS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * Secrets a process may read, with the rules production holds them to. Local development and tests
 * run on public defaults (they are in this repository); production refuses to start on a public
 * default, a missing value or a weak one, with a message naming the variable.
 */
export interface SecretRule {
  /** Shortest value accepted in production. */
  minLength: number;
  /** Needed in production even by a schema that does not declare it with a default. */
  required?: boolean;
  /** Required prefix (e.g. Stripe's `whsec_`). */
  prefix?: string;
}
export const SECRET_RULES: Record<string, SecretRule> = {
  AUTH_JWT_SECRET: { minLength: 32 },
  MINIO_ACCESS_KEY: { minLength: 8 },
  MINIO_SECRET_KEY: { minLength: 24 },
  STRIPE_WEBHOOK_SECRET: { minLength: 24, prefix: 'whsec_' },
  STRIPE_CONNECT_WEBHOOK_SECRET: { minLength: 24, prefix: 'whsec_' },
  NATS_PASSWORD: { minLength: 24, required: true },
  ACTOR_SIGNING_KEY: { minLength: 100 },
  ACTOR_VERIFY_KEY: { minLength: 100, required: true },
};

/** Every default value shipped in this repository (and in its compose file): never a secret in production. */
export const PUBLIC_DEFAULTS = new Set<string>([
  'popote-local-development-secret-change-me-0123456789',
  'popote',
  'popote-secret-key',
  'whsec_popote_local_development',
  'whsec_popote_local_connect_development',
  'whsec_test_popote',
  'change-me',
  'changeme',
  DEV_ACTOR_SIGNING_KEY,
  DEV_ACTOR_VERIFY_KEY,
]);
/** Fragments that only placeholder values contain. */
const PLACEHOLDER = /change[-_ ]?me|popote[-_]local|example|placeholder|dummy|default|password|secret[-_]?key/i;

/** Why a secret value is not acceptable in production, or null when it is. */
export function secretProblem(name: string, value: unknown, rule: SecretRule = SECRET_RULES[name] ?? { minLength: 32 }): string | null {
  if (typeof value !== 'string' || value.length === 0) return `${name} must be set in production`;
  if (PUBLIC_DEFAULTS.has(value.replace(/\\n/g, '\n').trim()) || PUBLIC_DEFAULTS.has(value) || PLACEHOLDER.test(value))
    return `${name} is a public default or a placeholder; set a secret of your own`;
  if (rule.prefix && !value.startsWith(rule.prefix)) return `${name} must start with ${rule.prefix}`;
  if (value.length < rule.minLength) return `${name} is too short (at least ${rule.minLength} characters)`;
  // A random value of that length has far more distinct characters; this catches "aaaa…", "1234…".
  if (new Set(value.slice(rule.prefix?.length ?? 0)).size < Math.min(10, Math.floor(rule.minLength / 2)))
    return `${name} is too predictable (too few distinct characters)`;
  return null;
}

/** Checks every secret the config holds (and production-only switches) when NODE_ENV=production. */
export function productionProblems(config: Record<string, unknown>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(SECRET_RULES)) {
    if (!(name in config) && !rule.required) continue;
    const problem = secretProblem(name, config[name], rule);
    if (problem) problems.push(problem);
  }
  if (!config.NATS_USER) problems.push('NATS_USER must be set in production (each process is its own NATS user)');
  return problems;
}

/**
 * Validates the environment once at start; a bad value stops the process with a list of what is
 * wrong instead of failing later somewhere else. In production, secrets are checked too
 * (see SECRET_RULES): the process refuses to start rather than run on a guessable secret.
 */
export function loadConfig<S extends z.ZodType<Record<string, unknown>, any>>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const problems = productionProblems(parsed.data);
  if (problems.length) throw new Error(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return parsed.data;
}

/** `true` only for an explicit "true" (opt-ins: absent or anything else is off). */
export const optIn = z.enum(['true', 'false']).default('false');

/** Each service owns one database; the name can be overridden (tests give each file its own). */
export function serviceConfigSchema(service: string, defaultPort: number) {
  return baseConfigSchema.extend({
    SERVICE_NAME: z.string().default(service),
    MONGO_DB: z.string().default(`popote_${service}`),
    HTTP_PORT: z.coerce.number().int().min(0).default(defaultPort),
  });
}
export type ServiceConfig = z.infer<ReturnType<typeof serviceConfigSchema>>;

/**
 * Demo accounts and meals (public passwords): only with DEMO_DATA=true, and never in production.
 * Throws otherwise, so a seed script cannot fill a real database by accident.
 */
export function assertDemoDataAllowed(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production') throw new Error('Refusing to seed demo data in production (demo accounts have a public password)');
  if (env.DEMO_DATA !== 'true') throw new Error('Demo data is seeded only on request: set DEMO_DATA=true');
}
