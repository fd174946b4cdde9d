import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export interface TestInfra {
  env: Record<string, string>;
  stop(): Promise<void>;
}

function dockerAvailable(): boolean {
  if (process.env.POPOTE_TESTCONTAINERS === 'false') return false;
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Real servers for integration tests, started once per run: testcontainers (real MongoDB, NATS,
 * MinIO) when a Docker engine answers, else the local servers built from Go modules (FerretDB on
 * PostgreSQL for the MongoDB protocol) on the test ports, in a fresh data folder.
 */
export async function startTestInfra(log: (l: string) => void = () => undefined): Promise<TestInfra> {
  // Servers someone already runs (a real MongoDB/NATS/MinIO elsewhere): take them from the env.
  if (process.env.POPOTE_TEST_INFRA === 'external') return externalInfra();
  if (dockerAvailable()) return startContainers();
  const { profile, startServers, localNatsUsers, superUser, freeTestOffset } = await import('@popote/local');
  // Run alone (not from `./popote test`, which picks them): ports, and so a data folder, no other run holds.
  if (!process.env.POPOTE_TEST_PORT_OFFSET) await freeTestOffset();
  const dataDir = join(profile('test').dataDir, 'int');
  rmSync(dataDir, { recursive: true, force: true });
  // NATS as deployed: one user per process with its permissions, plus the tests' own client.
  const natsUsers = localNatsUsers([superUser('test')]);
  const servers = await startServers({
    dataDir,
    ports: profile('test').servers,
    // 'mongo' is FerretDB, on a PostgreSQL cluster of its own in dataDir (POPOTE_FERRETDB_BACKEND=sqlite: on SQLite files).
    only: ['nats', 'mongo', 'minio', 'stripe', 'mail'],
    log,
    natsUsers,
    throwaway: true, // a fresh folder each run: PostgreSQL without fsync
  });
  return { env: { ...servers.env, ...natsUsersEnv(natsUsers), OTEL_SDK_DISABLED: 'true' }, stop: () => servers.stop() };
}

/** The NATS users' passwords, for the harness to hand each process its own (POPOTE_NATS_USERS). */
const natsUsersEnv = (users: { user: string; password: string }[]) => ({
  POPOTE_NATS_USERS: JSON.stringify(Object.fromEntries(users.map((u) => [u.user, u.password]))),
});

async function startContainers(): Promise<TestInfra> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const { localNatsUsers, superUser, renderNatsAuthorization } = await import('@popote/local');
  const natsUsers = localNatsUsers([superUser('test')]);
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const [mongo, nats, minio] = await Promise.all([
    new MongoDBContainer('mongo:8').start(),
    new GenericContainer('nats:2.12')
      .withCopyContentToContainer([{ content: renderNatsAuthorization(natsUsers), target: '/etc/nats/auth.conf' }])
      .withCommand(['-js', '-c', '/etc/nats/auth.conf'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start(),
    new GenericContainer('minio/minio:latest')
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: 'popote', MINIO_ROOT_PASSWORD: 'popote-secret-key' })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/cluster', 9000))
      .start(),
  ]);
  const stripe = await new GenericContainer('stripe/stripe-mock:latest').withExposedPorts(12111).start();
  const mail = await new GenericContainer('maildev/maildev:2.2.1').withExposedPorts(1025, 1080).start();
  return {
    env: {
      MONGO_URL: `${mongo.getConnectionString()}?directConnection=true`,
      NATS_URL: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
      MINIO_ENDPOINT: minio.getHost(),
      MINIO_PORT: String(minio.getMappedPort(9000)),
      MINIO_USE_SSL: 'false',
      MINIO_ACCESS_KEY: 'popote',
      MINIO_SECRET_KEY: 'popote-secret-key',
      STRIPE_MOCK_URL: `http://${stripe.getHost()}:${stripe.getMappedPort(12111)}`,
      SMTP_HOST: mail.getHost(),
      SMTP_PORT: String(mail.getMappedPort(1025)),
      MAIL_INBOX_URL: `http://${mail.getHost()}:${mail.getMappedPort(1080)}`,
      ...natsUsersEnv(natsUsers),
      OTEL_SDK_DISABLED: 'true',
    },
    stop: async () => {
      await Promise.all([mongo.stop(), nats.stop(), minio.stop(), stripe.stop(), mail.stop()]);
    },
  };
}

const EXTERNAL_VARS = [
  'NATS_URL',
  'MONGO_URL',
  'MINIO_ENDPOINT',
  'MINIO_PORT',
  'MINIO_USE_SSL',
  'MINIO_ACCESS_KEY',
  'MINIO_SECRET_KEY',
  'STRIPE_MOCK_URL',
  'SMTP_HOST',
  'SMTP_PORT',
  'MAIL_INBOX_URL',
];

function externalInfra(): TestInfra {
  const env: Record<string, string> = { OTEL_SDK_DISABLED: 'true' };
  // NATS users of that server ({"identity": "<password>", …, "test": "<password>"}).
  if (process.env.POPOTE_NATS_USERS) env.POPOTE_NATS_USERS = process.env.POPOTE_NATS_USERS;
  for (const name of EXTERNAL_VARS) {
    const value = process.env[name];
    if (!value) throw new Error(`POPOTE_TEST_INFRA=external needs ${name}`);
    env[name] = value;
  }
  return { env, stop: async () => undefined };
}
