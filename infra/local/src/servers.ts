// Starts the local infrastructure servers (NATS + JetStream, FerretDB on PostgreSQL, MinIO,
// Jaeger v2, stripe-mock) as child processes, from the binaries that infra/local/bin/provision.sh
// builds into the cache folder, and Debian's PostgreSQL server (infra/local/bin/ensure-postgres.sh
// installs it). No Docker, no npm dependencies.
//
//   const srv = await startServers({ dataDir: '/tmp/popote-test', ports: TEST_PORTS });
//   ... use srv.env (NATS_URL, MONGO_URL, ...) ...
//   await srv.stop();
//
// Every server binds 127.0.0.1 only, keeps its data under dataDir/<server> (FerretDB's is in
// dataDir/postgres, or dataDir/mongo with POPOTE_FERRETDB_BACKEND=sqlite) and logs to
// dataDir/<server>.log. A server waits for those it needs (FerretDB for PostgreSQL) and is
// stopped before them. Children die with the parent, even when the parent is SIGKILLed
// (spawned through `setpriv --pdeathsig SIGTERM`, util-linux), and are also stopped on the
// parent's 'exit', and on SIGINT/SIGTERM/SIGHUP unless the program handles those itself.
//
// Each server kind is described in servers/<kind>.ts; servers/children.ts spawns, watches and stops them.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeNatsAuthorization, type NatsUser } from './nats-auth';
import { hasSetpriv } from './processes';
import { installExitHooks, spawnServer, stopOne, waitReady, type Started } from './servers/children';
import {
  HOST,
  cacheBinDir,
  ferretdbBackend,
  serversToStart,
  type FerretdbBackend,
  type ServerName,
  type ServerPorts,
  type ServerSpec,
} from './servers/config';
import { ferretdbSpec } from './servers/ferretdb';
import { isExecutable, portFree } from './servers/helpers';
import { jaegerConfigFile, jaegerSpec } from './servers/jaeger';
import { mailSpec } from './servers/mail';
import { minioSpec } from './servers/minio';
import { natsClusterNode, natsSpec } from './servers/nats';
import { postgresSpec } from './servers/postgres';
import { stripeMockSpec } from './servers/stripe-mock';

export { DEV_PORTS, SERVER_NAMES, TEST_PORTS } from './servers/config';
export { cacheBinDir, ferretdbBackend, serversToStart, type FerretdbBackend, type ServerName, type ServerPorts };
export { mongoPing } from './servers/ferretdb';
export { MINIO_ACCESS_KEY, MINIO_SECRET_KEY } from './servers/minio';
export { POSTGRES_DATABASE, POSTGRES_USER, postgresBinDir, postgresSettings } from './servers/postgres';

export interface StartOptions {
  /** Data goes to dataDir/<server>, logs to dataDir/<server>.log (created; kept between runs). */
  dataDir: string;
  ports: ServerPorts;
  /** Start only these servers (default: all; 'mongo' brings 'postgres', see serversToStart). */
  only?: ServerName[];
  /** Where FerretDB stores (default: POPOTE_FERRETDB_BACKEND, else postgresql). */
  ferretdbBackend?: FerretdbBackend;
  /**
   * Data nobody needs after a crash (test folders): PostgreSQL without fsync, synchronous commits
   * nor full-page writes. Default false: commits are not synchronous (a crash may lose the last
   * few hundred milliseconds) but the cluster survives a crash of the machine.
   */
  throwaway?: boolean;
  /** Where the binaries are (default: cacheBinDir(), where provision.sh builds them). */
  binDir?: string;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** How long each server may take to become ready (default 60 s). */
  readyTimeoutMs?: number;
  /**
   * NATS as a 3-node JetStream cluster (nats, nats-2, nats-3 on the NATS port and the next two;
   * cluster routes on the NATS port + 10…12), streams replicated 3 times (EVENTS_STREAM_REPLICAS).
   */
  natsCluster?: boolean;
  /** NATS users and their permissions (see nats-auth.ts); without them NATS lets anyone in. */
  natsUsers?: NatsUser[];
}

export interface RunningServers {
  ports: ServerPorts;
  /**
   * NATS_URL, MONGO_URL, MINIO_ENDPOINT, MINIO_PORT, MINIO_USE_SSL, MINIO_ACCESS_KEY,
   * MINIO_SECRET_KEY, OTEL_EXPORTER_OTLP_ENDPOINT, JAEGER_QUERY_URL, STRIPE_MOCK_URL
   * (only the keys of the servers that were started).
   */
  env: Record<string, string>;
  /**
   * SIGTERM (PostgreSQL: SIGINT, its fast shutdown), wait, SIGKILL after a few seconds; a server
   * after those that need it. Safe to call more than once.
   */
  stop(): Promise<void>;
  /** SIGKILL one server (e.g. 'nats-2' of a cluster) and do not restart it: for fault tests. */
  kill(name: string): Promise<void>;
}

interface SpecOptions {
  natsConfig?: string;
  backend: FerretdbBackend;
  throwaway: boolean;
}

/** Every server kind, described (all of them, whichever are started). */
function specs(dataDir: string, p: ServerPorts, o: SpecOptions): Record<ServerName, ServerSpec> {
  return {
    nats: natsSpec(dataDir, p, o.natsConfig),
    postgres: postgresSpec(dataDir, p, o.throwaway),
    mongo: ferretdbSpec(dataDir, p, o.backend),
    minio: minioSpec(dataDir, p),
    jaeger: jaegerSpec(p),
    mail: mailSpec(dataDir, p),
    stripe: stripeMockSpec(p),
  };
}

/** Binaries, config and ports, checked before anything starts (nothing to clean up then). */
async function checkBeforeStart(wanted: ServerSpec[], names: ServerName[], binDir: string): Promise<void> {
  const missing = wanted.filter((s) => !isExecutable(path.isAbsolute(s.bin) ? s.bin : path.join(binDir, s.bin)));
  if (missing.length > 0) {
    const byInstall = new Map<string, string[]>();
    for (const s of missing) {
      const where = path.isAbsolute(s.bin) ? s.bin : `${s.bin} in ${binDir}`;
      const install = s.install ?? 'bash infra/local/bin/provision.sh';
      byInstall.set(install, [...(byInstall.get(install) ?? []), `${where} (${s.name})`]);
    }
    throw new Error(
      `popote: not found: ${[...byInstall].map(([install, what]) => `${what.join(', ')}; install with: ${install}`).join('; ')}`,
    );
  }
  if (names.includes('jaeger') && !fs.existsSync(jaegerConfigFile())) {
    throw new Error(`popote: Jaeger config not found at ${jaegerConfigFile()}`);
  }

  // Ports: fail clearly if someone else holds one.
  const seen = new Map<number, string>();
  for (const s of wanted) {
    for (const [label, port] of s.ports) {
      const other = seen.get(port);
      if (other) throw new Error(`popote: port ${port} is given twice (${other} and ${s.name} ${label})`);
      seen.set(port, `${s.name} ${label}`);
    }
  }
  const busy = (
    await Promise.all(
      wanted.flatMap((s) =>
        s.ports.map(async ([label, port]) => ((await portFree(HOST, port)) ? null : `${s.name} ${label} port ${port}`)),
      ),
    )
  ).filter((x): x is string => x !== null);
  if (busy.length > 0) {
    throw new Error(
      `popote: cannot start: ${busy.join(', ')} already in use on ${HOST} by another process ` +
        `(another popote instance or a leftover server? stop it, or use other ports)`,
    );
  }
}

export async function startServers(opts: StartOptions): Promise<RunningServers> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const binDir = path.resolve(opts.binDir ?? cacheBinDir());
  const timeoutMs = opts.readyTimeoutMs ?? 60_000;
  const backend = opts.ferretdbBackend ?? ferretdbBackend();
  const names = serversToStart(opts.only, backend);
  const natsConfig = opts.natsUsers && names.includes('nats') ? writeNatsAuthorization(dataDir, opts.natsUsers) : undefined;
  const all = specs(dataDir, opts.ports, { natsConfig, backend, throwaway: opts.throwaway ?? false });
  const wanted = names.flatMap((n) =>
    n === 'nats' && opts.natsCluster ? [1, 2, 3].map((k) => natsClusterNode(dataDir, opts.ports, k, natsConfig)) : [all[n]],
  );

  // Binaries and config first: nothing started yet, nothing to clean up.
  await checkBeforeStart(wanted, names, binDir);

  fs.mkdirSync(dataDir, { recursive: true });
  for (const n of ['nats', 'minio'] as const) {
    if (names.includes(n)) fs.mkdirSync(path.join(dataDir, n), { recursive: true });
  }
  if (names.includes('mongo') && backend === 'sqlite') fs.mkdirSync(path.join(dataDir, 'mongo'), { recursive: true });
  if (opts.natsCluster) for (const k of [1, 2, 3]) fs.mkdirSync(path.join(dataDir, `nats-${k}`), { recursive: true });
  if (!hasSetpriv()) {
    log('popote: setpriv (util-linux) not found: servers will not die with this process if it is killed with SIGKILL');
  }
  installExitHooks();

  const started: Started[] = [];
  // A server is stopped once those that need it are (FerretDB before PostgreSQL).
  const stopped = new Map<Started, Promise<void>>();
  const stopAfterDependents = (s: Started): Promise<void> => {
    let done = stopped.get(s);
    if (!done) {
      const dependents = started.filter((d) => d.spec.after?.includes(s.spec.name as ServerName));
      done = Promise.all(dependents.map(stopAfterDependents)).then(() => stopOne(s));
      stopped.set(s, done);
    }
    return done;
  };
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= Promise.all(started.map(stopAfterDependents)).then(() => {
      log('popote: servers stopped');
    });
    return stopping;
  };

  const t0 = Date.now();
  try {
    // Every server at once, except that one waits for those it needs to be ready.
    const readiness = new Map<string, Promise<void>>();
    for (const spec of wanted) {
      const deps = (spec.after ?? []).map((d) => [d, readiness.get(d)] as const);
      readiness.set(
        spec.name,
        (async () => {
          for (const [dep, ready] of deps) {
            if (!ready) throw new Error(`popote: ${spec.name} needs ${dep}, which is not started`);
            await ready.catch(() => {
              throw new Error(`popote: ${spec.name} not started: ${dep} did not start`);
            });
          }
          await spec.prepare?.();
          const s = spawnServer(spec, binDir, dataDir, log);
          started.push(s);
          await waitReady(s, timeoutMs);
          log(`popote: ${spec.name} ready (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
        })(),
      );
    }
    const results = await Promise.allSettled(readiness.values());
    const errors = results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason instanceof Error ? r.reason.message : String(r.reason)] : [],
    );
    if (errors.length > 0) throw new Error(errors.join('\n'));
  } catch (err) {
    await stop();
    throw err;
  }

  const env: Record<string, string> = {};
  for (const s of wanted) Object.assign(env, s.exports);
  const kill = async (name: string) => {
    const s = started.find((x) => x.spec.name === name);
    if (!s || s.exitInfo) return;
    s.child.kill('SIGKILL');
    await s.exited;
    log(`popote: killed ${name}`);
  };
  return { ports: { ...opts.ports }, env, stop, kill };
}
