/**
 * THE list of what runs in every deployment of Popote and which environment variables each app is
 * given. docker-compose.yml, infra/k8s (every overlay) and the local launcher are checked against it
 * by `./popote test deploy` (infra/deploy/test): an app missing from one of them, or a variable set
 * in one and not in the others, fails the check. Edit this list first, then the three places.
 *
 * A variable is listed for an app when every deployment SETS it for that app. Variables the code
 * reads but that all deployments leave at the code's default (tuning knobs such as
 * LOGIN_WINDOW_S) are named in `defaults`, so that a new variable in an app's config schema has to
 * be put in one of the two lists (test: config-schemas.spec.ts).
 */

import { RATE_LIMIT_SETTINGS } from '@popote/contracts';

export type AppKind = 'service' | 'bff' | 'frontend';

export interface EnvVar {
  name: string;
  /**
   * A credential: Kubernetes takes it from the app's own Secret `popote-<app>` (never a literal),
   * compose from the `.env` file with no default (`${NAME:?…}`), and `.env.example` documents it.
   */
  secret?: true;
  /**
   * The local launcher (infra/local) does not set it: the code's development default is used
   * (secrets have local development defaults that production refuses; production-only knobs).
   */
  localDefault?: true;
}

export interface App {
  name: string;
  kind: AppKind;
  /** Source folder (relative to the repository root); its package.json is the npm workspace. */
  dir: string;
  workspace: string;
  /** Dockerfile (build context: the repository root) and the build argument that selects the app. */
  dockerfile: string;
  buildArgs: Record<string, string>;
  image: string;
  /** Port the container listens on (HTTP_PORT / PORT). */
  port: number;
  /** Readiness path; liveness is /health/live for the Node services, a TCP check for the static frontends. */
  readyPath: string;
  livePath?: string;
  /** Talks to NATS (Kubernetes NetworkPolicy: only these pods may reach the NATS cluster). */
  natsClient: boolean;
  env: EnvVar[];
  /** Config variables the app reads that every deployment leaves at the default. */
  defaults: string[];
  /**
   * Node services and the BFF: V8's old-space ceiling in MiB, given as NODE_OPTIONS
   * (`nodeOptions`) by every deployment, at most half the container's memory limit. Without it V8
   * sizes the heap from the host's memory and collects lazily: a 10 000-follower fan-out took
   * notifications to 556 MiB on a 24 GiB machine, over its 384 Mi limit (docs/alerts.md).
   */
  heapMiB?: number;
}

/** NODE_OPTIONS of a Node app of the list (its heap ceiling); undefined for the static frontends. */
export const nodeOptions = (a: App): string | undefined =>
  a.heapMiB ? `--max-old-space-size=${a.heapMiB} --max-semi-space-size=16` : undefined;

const v = (name: string, opts: Omit<EnvVar, 'name'> = {}): EnvVar => ({ name, ...opts });

/** Every Node process of ours (platform config.ts, telemetry.ts, logger.ts). */
const NODE: EnvVar[] = [
  v('NODE_ENV'),
  // The heap ceiling (App.heapMiB): the same in every deployment.
  v('NODE_OPTIONS'),
  v('LOG_LEVEL'),
  v('NATS_URL'),
  v('HTTP_HOST', { localDefault: true }),
  v('HTTP_PORT'),
  v('OTEL_EXPORTER_OTLP_ENDPOINT'),
  v('EVENTS_MAX_DELIVER', { localDefault: true }),
  // 3 on a 3-node NATS cluster (ADR 0004); the local launcher sets it only with POPOTE_NATS_CLUSTER=1.
  v('EVENTS_STREAM_REPLICAS', { localDefault: true }),
  // Service identity on NATS: each process its own user; the acting user's assertion key.
  v('NATS_USER'),
  v('NATS_PASSWORD', { secret: true }),
  v('ACTOR_VERIFY_KEY', { secret: true, localDefault: true }),
];
const NODE_DEFAULTS = ['OTEL_SDK_DISABLED', 'OTEL_GRAPHQL_FIELD_SPANS', 'EVENTS_CRITICAL_MAX_DELIVER'];

/** A service: its own database. MONGO_URL carries the service's own database user in production. */
const SERVICE: EnvVar[] = [...NODE, v('MONGO_URL', { secret: true })];
const SERVICE_DEFAULTS = [...NODE_DEFAULTS, 'SERVICE_NAME', 'MONGO_DB'];

/** Meal pictures in MinIO / S3 (platform media.ts): catalogue writes them, the BFF uploads and serves them. */
const MEDIA: EnvVar[] = [
  v('MINIO_ENDPOINT'),
  v('MINIO_PORT'),
  v('MINIO_USE_SSL'),
  v('MEDIA_BUCKET', { localDefault: true }),
  v('MINIO_ACCESS_KEY', { secret: true }),
  v('MINIO_SECRET_KEY', { secret: true }),
];

/** HS256 key: identity signs the access tokens, the BFF verifies them (platform auth.ts). */
const AUTH: EnvVar[] = [v('AUTH_JWT_SECRET', { secret: true, localDefault: true })];
const AUTH_DEFAULTS = ['ACCESS_TOKEN_TTL_S', 'REFRESH_TOKEN_TTL_S', 'OPERATOR_SESSION_TTL_S'];

/** Static frontends (frontends/<app>/server.mjs). */
const FRONTEND: EnvVar[] = [v('PORT'), v('HOST', { localDefault: true }), v('NODE_ENV')]; // NODE_ENV: HSTS in production

/** An app built by its folder's Dockerfile (`buildArg` names the app): its folder, package and image are named after it. */
const built = (name: string, kind: AppKind, folder: 'services' | 'frontends', buildArg: string) => ({
  name,
  kind,
  dir: `${folder}/${name}`,
  workspace: `@popote/${name}`,
  dockerfile: `${folder}/Dockerfile`,
  buildArgs: { [buildArg]: name },
  image: `popote/${name}`,
});

const service = (name: string, heapMiB: number, env: EnvVar[], defaults: string[] = []): App => ({
  ...built(name, 'service', 'services', 'SERVICE'),
  heapMiB,
  port: 8080,
  readyPath: '/health/ready',
  livePath: '/health/live',
  natsClient: true,
  env: [...SERVICE, ...env],
  defaults: [...SERVICE_DEFAULTS, ...defaults],
});

const frontend = (name: string, port: number, readyPath: string, env: EnvVar[], defaults: string[] = []): App => ({
  ...built(name, 'frontend', 'frontends', 'APP'),
  port,
  readyPath,
  natsClient: false,
  env: [...FRONTEND, ...env],
  defaults,
});

export const APPS: readonly App[] = [
  service('identity', 256, AUTH, [
    ...AUTH_DEFAULTS,
    'LOGIN_MAX_FAILURES_ACCOUNT',
    'LOGIN_MAX_FAILURES_IP',
    'LOGIN_WINDOW_S',
    'REFRESH_REUSE_GRACE_MS',
    'EXPIRY_SWEEP_MS',
  ]),
  // RESERVATION_TTL_SECONDS: how long a checkout's reservation lasts (docs/checkout.md); 20 min unless a test shortens it.
  service('catalogue', 256, MEDIA, ['RESERVATION_TTL_SECONDS']),
  service('cart', 192, []),
  service('ordering', 192, []),
  service(
    'payments',
    192,
    [
      v('PAYMENTS_PROVIDER', { localDefault: true }),
      v('STRIPE_API_BASE', { localDefault: true }),
      v('STRIPE_SECRET_KEY', { secret: true, localDefault: true }),
      v('STRIPE_PUBLISHABLE_KEY', { secret: true, localDefault: true }),
      v('STRIPE_WEBHOOK_SECRET', { secret: true, localDefault: true }),
      v('STRIPE_CONNECT_WEBHOOK_SECRET', { secret: true, localDefault: true }),
    ],
    [
      'RECONCILE_INTERVAL_MS',
      'RECONCILE_AFTER_MS',
      'PLATFORM_COMMISSION_PERCENT',
      'PAYOUT_SCHEDULE',
      'PAYOUT_RETRY_MS',
      'CHECKOUT_RESERVATIONS_PER_DAY',
      // Advertisements (ADR 0020): the price per thousand displays; the campaign day (tests shorten it).
      'ADS_CPM_CENTS',
      'ADS_DAY_MS',
      // Promotions (ADR 0045): how long an instance keeps the platform's offer and the automatic promotions it read.
      'PROMOTIONS_CACHE_MS',
    ],
  ),
  service(
    'notifications',
    192,
    [
      v('SMTP_HOST'),
      v('SMTP_PORT'),
      v('SMTP_SECURE', { localDefault: true }),
      v('SMTP_USER', { secret: true, localDefault: true }),
      v('SMTP_PASSWORD', { secret: true, localDefault: true }),
      v('MAIL_FROM', { localDefault: true }),
      v('SUPPORT_EMAIL', { localDefault: true }),
      // The site's address: links in emails (account links, receipts); https required in production.
      v('PUBLIC_URL'),
      // Web Push: the deployment's own VAPID key pair (the development pair is refused in production) and its contact.
      v('VAPID_PUBLIC_KEY', { secret: true, localDefault: true }),
      v('VAPID_PRIVATE_KEY', { secret: true, localDefault: true }),
      v('VAPID_SUBJECT', { localDefault: true }),
    ],
    // Retention of contact messages and the email log (privacy page), and how often it is applied.
    // Alerts (docs/alerts.md): the digest's hour and check period, push attempts, the unsubscribe key (else derived from VAPID_PRIVATE_KEY).
    [
      'MAIL_MAX_ATTEMPTS',
      'CONTACT_RETENTION_DAYS',
      'EMAIL_LOG_RETENTION_DAYS',
      'RETENTION_PURGE_INTERVAL_MS',
      'ALERT_DIGEST_HOUR',
      'ALERT_DIGEST_CHECK_MS',
      'PUSH_MAX_ATTEMPTS',
      'ALERT_UNSUBSCRIBE_SECRET',
    ],
  ),
  {
    name: 'bff',
    kind: 'bff',
    dir: 'bff',
    workspace: '@popote/bff',
    dockerfile: 'bff/Dockerfile',
    buildArgs: {},
    image: 'popote/bff',
    port: 4000,
    readyPath: '/health/ready',
    livePath: '/health/live',
    natsClient: true,
    heapMiB: 256,
    env: [
      ...NODE,
      ...MEDIA,
      ...AUTH,
      v('COOKIE_SECURE', { localDefault: true }),
      v('GRAPHIQL'),
      // The rate-limit counters, shared by every BFF replica.
      v('MONGO_URL', { secret: true }),
      v('ACTOR_SIGNING_KEY', { secret: true, localDefault: true }),
      v('TRUST_PROXY', { localDefault: true }),
      // Jaeger's UI as operators reach it: the console links an order to its trace (ADR 0043).
      v('JAEGER_UI_URL'),
    ],
    defaults: [
      ...NODE_DEFAULTS,
      ...AUTH_DEFAULTS,
      'MONGO_DB',
      ...RATE_LIMIT_SETTINGS,
      // The data export job (ADR 0026, 0027): its private bucket, how long an archive is kept, the builder's lease, the sweep.
      'EXPORT_BUCKET',
      'EXPORT_TTL_HOURS',
      'EXPORT_LEASE_MS',
      'EXPORT_SWEEP_MS',
      // The cooks' trader documents: a private bucket of their own.
      'TRADER_DOCUMENTS_BUCKET',
      // The public read cache (ADR 0006).
      'READ_CACHE_TTL_MS',
      'READ_CACHE_MAX_ENTRIES',
      'READ_CACHE_MAX_BYTES',
      // How long a replica keeps the advertisements it may show (ADR 0020).
      'ADS_REFRESH_MS',
    ],
  },
  frontend(
    'shell',
    3000,
    '/runtime-config.json',
    [v('BFF_URL'), v('CONSUMER_ENTRY_URL'), v('COOK_ENTRY_URL'), v('OPS_ENTRY_URL'), v('CONTACT_EMAIL', { localDefault: true })],
    // How long /meals waits for the BFF's first cards before it is served without them (ADR 0015).
    ['FIRST_PAINT_TIMEOUT_MS'],
  ),
  // BFF_URL: the remote's standalone page (its team's own dev server) proxies /graphql to it.
  frontend('consumer', 3001, '/mf-manifest.json', [v('BFF_URL', { localDefault: true })]),
  frontend('cook', 3002, '/mf-manifest.json', [v('BFF_URL', { localDefault: true })]),
  // The operators' console (ADR 0041): the page fetches it only once an operator is signed in.
  frontend('ops', 3003, '/mf-manifest.json', [v('BFF_URL', { localDefault: true })]),
];

export const app = (name: string): App => {
  const found = APPS.find((a) => a.name === name);
  if (!found) throw new Error(`no app "${name}" in infra/deploy/src/apps.ts`);
  return found;
};

export const envNames = (a: App): string[] => a.env.map((e) => e.name).sort();
export const secretNames = (a: App): string[] =>
  a.env
    .filter((e) => e.secret)
    .map((e) => e.name)
    .sort();
/** The name of an app's own Secret in Kubernetes (all its `secret` variables, and nothing else). */
export const secretObjectName = (a: App): string => `popote-${a.name}`;
