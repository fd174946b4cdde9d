import { join } from 'node:path';
import { spawnManaged, waitForHttp, type ManagedProcess } from './processes';
import { SERVICES, repoRoot, type Profile } from './profiles';
import { localNatsUsers, natsUserEnv, observerEnv } from './nats-auth';
import { startServers, type RunningServers } from './servers';

export interface Launched {
  urls: { shell: string; bff: string; consumer: string; cook: string; jaeger: string };
  env: Record<string, string>;
  processes: Map<string, ManagedProcess>;
  servers: RunningServers;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  log?: (line: string) => void;
  seed?: boolean;
}

/**
 * Starts the whole product on one machine: infrastructure servers, every service, demo data, the
 * BFF, the two remotes and the shell. Each app is a separate process, as in production.
 */
export async function launch(p: Profile, opts: LaunchOptions = {}): Promise<Launched> {
  const log = opts.log ?? ((l: string) => console.error(l));
  const root = repoRoot();
  const logs = join(p.dataDir, 'logs');
  const processes = new Map<string, ManagedProcess>();
  const natsUsers = localNatsUsers(); // one NATS user per process (nats-auth.ts)
  const servers = await startServers({ dataDir: p.dataDir, ports: p.servers, log, natsUsers });
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    ...servers.env,
    NODE_ENV: p.name === 'test' ? 'test' : 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    OTEL_BSP_SCHEDULE_DELAY: '500',
    PAYMENTS_PROVIDER: process.env.PAYMENTS_PROVIDER ?? 'sandbox', // explicit opt-in, refused in production
  };
  const stop = async () => {
    for (const proc of [...processes.values()].reverse()) await proc.stop();
    await servers.stop();
  };
  const node = process.execPath;
  const start = (name: string, script: string, env: NodeJS.ProcessEnv) => {
    const proc = spawnManaged(name, node, ['--enable-source-maps', script], {
      env: { ...common, ...natsUserEnv(natsUsers, name), ...env },
      cwd: root,
      logFile: join(logs, `${name}.log`),
    });
    processes.set(name, proc);
    return proc;
  };
  try {
    log(`popote: starting services`);
    await Promise.all(
      SERVICES.map(async (service) => {
        const port = p.services[service];
        const proc = start(service, join(root, 'services', service, 'dist', 'main.js'), { HTTP_PORT: String(port) });
        await waitForHttp(`http://127.0.0.1:${port}/health/ready`, proc);
      }),
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
    const bffProc = start('bff', join(root, 'bff', 'dist', 'main.js'), { HTTP_PORT: String(p.bff), GRAPHIQL: 'true' });
    await waitForHttp(`${bff}/health/ready`, bffProc);
    const consumer = `http://127.0.0.1:${p.consumer}`;
    const cook = `http://127.0.0.1:${p.cook}`;
    const shell = `http://127.0.0.1:${p.shell}`;
    const remotes = [
      start('consumer', join(root, 'frontends/consumer/server.mjs'), { PORT: String(p.consumer) }),
      start('cook', join(root, 'frontends/cook/server.mjs'), { PORT: String(p.cook) }),
    ];
    await Promise.all([waitForHttp(`${consumer}/mf-manifest.json`, remotes[0]), waitForHttp(`${cook}/mf-manifest.json`, remotes[1])]);
    const shellProc = start('shell', join(root, 'frontends/shell/server.mjs'), {
      PORT: String(p.shell),
      BFF_URL: bff,
      CONSUMER_MANIFEST_URL: `${consumer}/mf-manifest.json`,
      COOK_MANIFEST_URL: `${cook}/mf-manifest.json`,
    });
    await waitForHttp(`${shell}/runtime-config.json`, shellProc);
    return {
      urls: { shell, bff, consumer, cook, jaeger: servers.env.JAEGER_QUERY_URL },
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
