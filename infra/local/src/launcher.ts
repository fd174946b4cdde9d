import { writeFileSync } from 'node:fs';
import { app, nodeOptions } from '@popote/deploy';
import { join } from 'node:path';
import { spawnManaged, spawnSupervised, waitForHttp, type ManagedProcess } from './processes';
import { SERVICES, repoRoot, type Profile } from './profiles';
import { localNatsUsers, natsUserEnv, observerEnv } from './nats-auth';
import { startServers, type RunningServers } from './servers';

/** How long a service may take to be ready (POPOTE_READY_TIMEOUT_MS: longer on a loaded machine). */
const READY_TIMEOUT_MS = Number(process.env.POPOTE_READY_TIMEOUT_MS ?? 60_000);

export interface Launched {
  urls: { shell: string; bff: string; consumer: string; cook: string; ops: string; jaeger: string };
  env: Record<string, string>;
  processes: Map<string, ManagedProcess>;
  servers: RunningServers;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  log?: (line: string) => void;
  seed?: boolean;
  /** Instances of every service (default: POPOTE_REPLICAS, else 1). */
  replicas?: number;
  /** NATS as a 3-node JetStream cluster, streams replicated 3 times (default: POPOTE_NATS_CLUSTER=1). */
  natsCluster?: boolean;
  /** Keep every acknowledged write even on the test profile (the benchmarks' figures are quoted durable). */
  durable?: boolean;
}

/** Instances per service: `POPOTE_REPLICAS` (1 to 4). */
export function replicaCount(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.POPOTE_REPLICAS ?? 1);
  if (!Number.isInteger(n) || n < 1 || n > 4)
    throw new Error(`POPOTE_REPLICAS must be an integer from 1 to 4 (got '${env.POPOTE_REPLICAS}')`);
  return n;
}

/** Process name and HTTP port of instance i (0-based) of a service: `catalogue`, `catalogue-2`, … */
export function instanceOf(service: string, basePort: number, i: number): { name: string; port: number } {
  return { name: i === 0 ? service : `${service}-${i + 1}`, port: basePort + 10 * i };
}

/**
 * Starts the whole product on one machine: infrastructure servers, every service, demo data, the
 * BFF, the three remotes and the shell. Each app is a separate process, as in production.
 */
export async function launch(p: Profile, opts: LaunchOptions = {}): Promise<Launched> {
  const log = opts.log ?? ((l: string) => console.error(l));
  const root = repoRoot();
  const logs = join(p.dataDir, 'logs');
  const processes = new Map<string, ManagedProcess>();
  const natsUsers = localNatsUsers(); // one NATS user per process (nats-auth.ts)
  const servers = await startServers({
    dataDir: p.dataDir,
    ports: p.servers,
    log,
    natsUsers,
    natsCluster: opts.natsCluster ?? process.env.POPOTE_NATS_CLUSTER === '1',
    // The test profile's data is thrown away (PostgreSQL without fsync); `./popote start`'s survives.
    throwaway: p.name === 'test' && !opts.durable,
  });
  // The operator's credentials for `./popote dlq` (owner-readable only), next to the data.
  writeFileSync(join(p.dataDir, 'nats-operator.json'), JSON.stringify(natsUserEnv(natsUsers, 'operator')), { mode: 0o600 });
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    ...servers.env,
    NODE_ENV: p.name === 'test' ? 'test' : 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    OTEL_BSP_SCHEDULE_DELAY: process.env.OTEL_BSP_SCHEDULE_DELAY ?? '500',
    PAYMENTS_PROVIDER: process.env.PAYMENTS_PROVIDER ?? 'sandbox', // explicit opt-in, refused in production
    PUBLIC_URL: `http://127.0.0.1:${p.shell}`, // notifications: links of account emails open the shell
  };
  const stop = async () => {
    for (const proc of [...processes.values()].reverse()) await proc.stop();
    await servers.stop();
  };
  const node = process.execPath;
  // The heap ceiling every deployment gives the app (infra/deploy apps.ts), not one sized from this machine's memory.
  const heap = (name: string) => ({ NODE_OPTIONS: nodeOptions(app(name)) });
  const start = (name: string, script: string, env: NodeJS.ProcessEnv, supervised = false) => {
    const options = { env: { ...common, ...natsUserEnv(natsUsers, name), ...env }, cwd: root, logFile: join(logs, `${name}.log`), log };
    // Services and the BFF are restarted when they die (with back-off), as Kubernetes would.
    const proc = supervised
      ? spawnSupervised(name, node, ['--enable-source-maps', script], options)
      : spawnManaged(name, node, ['--enable-source-maps', script], options);
    processes.set(name, proc);
    return proc;
  };
  const replicas = opts.replicas ?? replicaCount();
  try {
    log(`popote: starting services${replicas > 1 ? ` (${replicas} instances each)` : ''}`);
    await Promise.all(
      SERVICES.flatMap((service) =>
        Array.from({ length: replicas }, async (_, i) => {
          const { name, port } = instanceOf(service, p.services[service], i);
          // Links in emails (the receipt of an order) point at this run's shell.
          const extra = service === 'notifications' ? { PUBLIC_URL: `http://127.0.0.1:${p.shell}` } : {};
          const proc = start(
            name,
            join(root, 'services', service, 'dist', 'main.js'),
            { HTTP_PORT: String(port), ...heap(service), ...extra },
            true,
          );
          // Every instance starts at once: on 2 cores, more instances take longer to be ready.
          await waitForHttp(`http://127.0.0.1:${port}/health/ready`, proc, READY_TIMEOUT_MS * replicas);
        }),
      ),
    );
    if (opts.seed !== false) {
      log('popote: seeding demo data');
      await Promise.all(
        ['identity', 'catalogue'].map(async (service) => {
          const seed = spawnManaged(`seed-${service}`, node, [join(root, `services/${service}/dist/seed/seed.js`)], {
            env: { ...common, DEMO_DATA: 'true' },
            cwd: root,
            logFile: join(logs, `seed-${service}.log`),
          });
          if ((await seed.exited) !== 0) throw new Error(`demo data seeding of ${service} failed; see ${seed.logFile}`);
        }),
      );
    }
    const bff = `http://127.0.0.1:${p.bff}`;
    const bffProc = start(
      'bff',
      join(root, 'bff', 'dist', 'main.js'),
      { HTTP_PORT: String(p.bff), GRAPHIQL: 'true', JAEGER_UI_URL: servers.env.JAEGER_QUERY_URL, ...heap('bff') },
      true,
    );
    await waitForHttp(`${bff}/health/ready`, bffProc, READY_TIMEOUT_MS);
    const consumer = `http://127.0.0.1:${p.consumer}`;
    const cook = `http://127.0.0.1:${p.cook}`;
    const ops = `http://127.0.0.1:${p.ops}`;
    const shell = `http://127.0.0.1:${p.shell}`;
    const remotes = [
      // BFF_URL: a remote's own standalone page proxies /graphql and /media/ to this BFF (without it,
      // to the default port, which is another profile's or nobody's).
      start('consumer', join(root, 'frontends/consumer/server.mjs'), { PORT: String(p.consumer), BFF_URL: bff }),
      start('cook', join(root, 'frontends/cook/server.mjs'), { PORT: String(p.cook), BFF_URL: bff }),
      start('ops', join(root, 'frontends/ops/server.mjs'), { PORT: String(p.ops), BFF_URL: bff }),
    ];
    await Promise.all([
      waitForHttp(`${consumer}/mf-manifest.json`, remotes[0], READY_TIMEOUT_MS),
      waitForHttp(`${cook}/mf-manifest.json`, remotes[1], READY_TIMEOUT_MS),
      waitForHttp(`${ops}/mf-manifest.json`, remotes[2], READY_TIMEOUT_MS),
    ]);
    const shellProc = start('shell', join(root, 'frontends/shell/server.mjs'), {
      PORT: String(p.shell),
      BFF_URL: bff,
      CONSUMER_ENTRY_URL: `${consumer}/remoteEntry.js`,
      COOK_ENTRY_URL: `${cook}/remoteEntry.js`,
      OPS_ENTRY_URL: `${ops}/remoteEntry.js`,
    });
    await waitForHttp(`${shell}/runtime-config.json`, shellProc, READY_TIMEOUT_MS);
    return {
      urls: { shell, bff, consumer, cook, ops, jaeger: servers.env.JAEGER_QUERY_URL },
      env: { ...servers.env, ...observerEnv(natsUsers) },
      processes,
      servers,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
