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

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { writeNatsAuthorization, type NatsUser } from './nats-auth';
import { diesWithParent, hasSetpriv } from './processes';

export interface ServerPorts {
  nats: number;
  natsMonitor: number;
  mongo: number;
  postgres: number;
  minio: number;
  minioConsole: number;
  jaegerOtlpHttp: number;
  jaegerOtlpGrpc: number;
  jaegerUi: number;
  stripeMock: number;
  stripeMockHttps: number;
  mailSmtp: number;
  mailWeb: number;
}

/** Ports of the dev product (`popote` run locally). */
export const DEV_PORTS: ServerPorts = Object.freeze({
  nats: 14222,
  natsMonitor: 18222,
  mongo: 37017,
  postgres: 15432,
  minio: 19000,
  minioConsole: 19001,
  jaegerOtlpHttp: 14318,
  jaegerOtlpGrpc: 14317,
  jaegerUi: 16700,
  stripeMock: 12111,
  stripeMockHttps: 12112,
  mailSmtp: 11025,
  mailWeb: 11080,
});

/** Ports for tests: DEV_PORTS + 100, so tests can run while the dev product runs. */
export const TEST_PORTS: ServerPorts = Object.freeze({
  nats: 14322,
  natsMonitor: 18322,
  mongo: 37117,
  postgres: 15532,
  minio: 19100,
  minioConsole: 19101,
  jaegerOtlpHttp: 14418,
  jaegerOtlpGrpc: 14417,
  jaegerUi: 16800,
  stripeMock: 12211,
  stripeMockHttps: 12212,
  mailSmtp: 11125,
  mailWeb: 11180,
});

export type ServerName = 'nats' | 'postgres' | 'mongo' | 'minio' | 'jaeger' | 'stripe' | 'mail';

export const SERVER_NAMES: readonly ServerName[] = Object.freeze(['nats', 'postgres', 'mongo', 'minio', 'jaeger', 'stripe', 'mail']);

/**
 * Where FerretDB ('mongo') keeps the data: `postgresql` (default), in the PostgreSQL cluster of the
 * 'postgres' server, or `sqlite`, in SQLite files under dataDir/mongo (kept for comparisons).
 */
export type FerretdbBackend = 'postgresql' | 'sqlite';

/** The backend POPOTE_FERRETDB_BACKEND selects (postgresql when unset). */
export function ferretdbBackend(env: NodeJS.ProcessEnv = process.env): FerretdbBackend {
  const value = env.POPOTE_FERRETDB_BACKEND || 'postgresql';
  if (value !== 'postgresql' && value !== 'sqlite') {
    throw new Error(`POPOTE_FERRETDB_BACKEND must be postgresql or sqlite (got '${value}')`);
  }
  return value;
}

/**
 * The servers to start, in start order: `only` (default: all), with 'postgres' before 'mongo'
 * when FerretDB stores in PostgreSQL; without 'postgres' when it stores in SQLite, unless `only`
 * names it.
 */
export function serversToStart(only: readonly string[] | undefined, backend: FerretdbBackend): ServerName[] {
  const names = [...new Set(only ?? SERVER_NAMES)];
  for (const n of names) {
    if (!SERVER_NAMES.includes(n as ServerName)) throw new Error(`popote: unknown server '${n}' (known: ${SERVER_NAMES.join(', ')})`);
  }
  const wanted = new Set(names as ServerName[]);
  if (backend === 'postgresql' && wanted.has('mongo')) wanted.add('postgres');
  if (backend === 'sqlite' && !only) wanted.delete('postgres');
  return SERVER_NAMES.filter((n) => wanted.has(n));
}

/** Local-only MinIO root credentials. */
export const MINIO_ACCESS_KEY = 'popote';
export const MINIO_SECRET_KEY = 'popote-secret-key';

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

const HOST = '127.0.0.1';
const STOP_GRACE_MS = 5_000;
/** PostgreSQL's superuser in our cluster (initdb -U), which FerretDB connects as. */
export const POSTGRES_USER = 'popote';
/** The database FerretDB keeps every MongoDB database in (one schema each). */
export const POSTGRES_DATABASE = 'ferretdb';
/**
 * FerretDB holds one PostgreSQL pool of at most this many connections (its own default, set
 * here so that max_connections can be sized from it): every service reaches PostgreSQL through it.
 */
const FERRETDB_POOL_MAX_CONNS = 50;
const POSTGRES_MAX_CONNECTIONS = 100;

/** Same folder as infra/local/bin/provision.sh writes to. */
export function cacheBinDir(): string {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const cache = process.env.POPOTE_CACHE || path.join(cacheHome, 'popote');
  return path.join(cache, 'bin');
}

/** infra/local/config (this file is in infra/local/src or, compiled, infra/local/dist). */
function configDir(): string {
  if (typeof __dirname === 'string') return path.resolve(__dirname, '..', 'config');
  // Loaded as an ES module (e.g. node --experimental-strip-types): no __dirname.
  return path.join(process.env.POPOTE_ROOT ?? process.cwd(), 'infra', 'local', 'config');
}

// ---------------------------------------------------------------------------------------
// Server definitions

interface ServerSpec {
  name: ServerName | `nats-${number}`;
  /** A binary of the cache folder, or an absolute path. */
  bin: string;
  /** How to get the binary when it is missing (default: provision.sh). */
  install?: string;
  args: string[];
  /** Servers that must be ready before this one starts (and are stopped after it). */
  after?: ServerName[];
  /** Runs before the server is spawned (e.g. creates its data folder). */
  prepare?: () => Promise<void>;
  /** Run as this user (programs that refuse root, when we are root). */
  user?: string;
  /** What stop() sends (default SIGTERM), and how long it waits before SIGKILL (default 5 s). */
  stopSignal?: NodeJS.Signals;
  stopGraceMs?: number;
  /** Awaited before the stop signal: lets the server's clients finish leaving. */
  beforeStop?: () => Promise<void>;
  /**
   * In a process group of its own, so that a terminal's Ctrl-C (sent to the whole foreground group)
   * does not reach it: it is stopped by stop(), after those that need it (or by pdeathsig).
   */
  ownProcessGroup?: boolean;
  env?: Record<string, string>;
  /** Env vars of the parent not to pass on (by prefix). */
  dropEnvPrefixes?: string[];
  /** Ports this server binds on 127.0.0.1 (checked free before start). */
  ports: Array<[label: string, port: number]>;
  /** Resolves true when ready; throws or returns false when not yet. */
  ready: () => Promise<boolean>;
  exports: Record<string, string>;
}

/** Node k (1-based) of a local 3-node NATS JetStream cluster. */
function natsClusterNode(dataDir: string, p: ServerPorts, k: number, natsConfig?: string): ServerSpec {
  const client = p.nats + k - 1;
  const monitor = p.natsMonitor + k - 1;
  const routes = [1, 2, 3].map((i) => `nats://${HOST}:${p.nats + 9 + i}`).join(',');
  return {
    name: k === 1 ? 'nats' : `nats-${k}`,
    bin: 'nats-server',
    args: [
      ...['-n', `popote-${k}`, '-a', HOST, '-p', String(client), '-m', String(monitor), '-js', '-sd', path.join(dataDir, `nats-${k}`)],
      ...['--cluster_name', 'popote', '--cluster', `nats://${HOST}:${p.nats + 9 + k}`, '--routes', routes],
      ...(natsConfig ? ['-c', natsConfig] : []),
    ],
    ports: [
      ['client', client],
      ['monitor', monitor],
      ['cluster', p.nats + 9 + k],
    ],
    // Plain /healthz is ok once JetStream has a meta leader and this node is current.
    ready: async () => (await httpGet(`http://${HOST}:${monitor}/healthz`)).status === 200,
    exports: k === 1 ? { NATS_URL: [0, 1, 2].map((i) => `nats://${HOST}:${p.nats + i}`).join(','), EVENTS_STREAM_REPLICAS: '3' } : {},
  };
}

interface SpecOptions {
  natsConfig?: string;
  backend: FerretdbBackend;
  throwaway: boolean;
}

function specs(dataDir: string, p: ServerPorts, o: SpecOptions): Record<ServerName, ServerSpec> {
  const { natsConfig } = o;
  return {
    nats: {
      name: 'nats',
      bin: 'nats-server',
      // -a sets the host of the monitor too; the JetStream store goes to <sd>/jetstream; -c: the users.
      args: [
        '-n',
        'popote-local',
        '-a',
        HOST,
        '-p',
        String(p.nats),
        '-m',
        String(p.natsMonitor),
        '-js',
        '-sd',
        path.join(dataDir, 'nats'),
        ...(natsConfig ? ['-c', natsConfig] : []),
      ],
      ports: [
        ['client', p.nats],
        ['monitor', p.natsMonitor],
      ],
      ready: async () => (await httpGet(`http://${HOST}:${p.natsMonitor}/healthz?js-enabled-only=true`)).status === 200,
      exports: { NATS_URL: `nats://${HOST}:${p.nats}` },
    },
    postgres: postgresSpec(dataDir, p, o.throwaway),
    mongo: {
      name: 'mongo',
      bin: 'ferretdb',
      args: [
        '-listen-addr',
        `${HOST}:${p.mongo}`,
        ...(o.backend === 'postgresql'
          ? ['-handler', 'postgresql', '-postgresql-url', ferretdbPostgresqlUrl(p.postgres)]
          : ['-handler', 'sqlite', '-data-dir', path.join(dataDir, 'mongo')]),
      ],
      after: o.backend === 'postgresql' ? ['postgres'] : [],
      // pgx reads PGPASSWORD, PGSSLMODE, … of its environment: only the URL counts.
      dropEnvPrefixes: ['PG'],
      ports: [['MongoDB wire protocol', p.mongo]],
      ready: () => mongoPing(HOST, p.mongo),
      exports: { MONGO_URL: `mongodb://${HOST}:${p.mongo}` },
    },
    minio: {
      name: 'minio',
      bin: 'minio',
      args: ['server', '--address', `${HOST}:${p.minio}`, '--console-address', `${HOST}:${p.minioConsole}`, path.join(dataDir, 'minio')],
      env: {
        MINIO_ROOT_USER: MINIO_ACCESS_KEY,
        MINIO_ROOT_PASSWORD: MINIO_SECRET_KEY,
        MINIO_UPDATE: 'off',
      },
      dropEnvPrefixes: ['MINIO_'],
      ports: [
        ['S3 API', p.minio],
        ['console', p.minioConsole],
      ],
      ready: async () => (await httpGet(`http://${HOST}:${p.minio}/minio/health/cluster`)).status === 200,
      exports: {
        MINIO_ENDPOINT: HOST,
        MINIO_PORT: String(p.minio),
        MINIO_USE_SSL: 'false',
        MINIO_ACCESS_KEY,
        MINIO_SECRET_KEY,
      },
    },
    jaeger: {
      name: 'jaeger',
      bin: 'jaeger',
      args: ['--config', path.join(configDir(), 'jaeger.yaml')],
      env: {
        POPOTE_JAEGER_OTLP_GRPC: `${HOST}:${p.jaegerOtlpGrpc}`,
        POPOTE_JAEGER_OTLP_HTTP: `${HOST}:${p.jaegerOtlpHttp}`,
        POPOTE_JAEGER_QUERY_HTTP: `${HOST}:${p.jaegerUi}`,
      },
      dropEnvPrefixes: ['OTEL_'],
      ports: [
        ['OTLP/HTTP', p.jaegerOtlpHttp],
        ['OTLP/gRPC', p.jaegerOtlpGrpc],
        ['query UI/API', p.jaegerUi],
      ],
      ready: async () => (await httpGet(`http://${HOST}:${p.jaegerUi}/api/services`)).status === 200,
      exports: {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://${HOST}:${p.jaegerOtlpHttp}`,
        JAEGER_QUERY_URL: `http://${HOST}:${p.jaegerUi}`,
      },
    },
    // Development mail server (SMTP + web inbox + REST API), an npm package: what the services send
    // (contact form, order emails) lands here, readable at the web port.
    mail: {
      name: 'mail',
      bin: process.execPath,
      args: [
        require.resolve('maildev/bin/maildev'),
        '--smtp',
        String(p.mailSmtp),
        '--web',
        String(p.mailWeb),
        '--ip',
        HOST,
        '--mail-directory',
        path.join(dataDir, 'mail'),
        '--silent',
      ],
      ports: [
        ['SMTP', p.mailSmtp],
        ['web inbox', p.mailWeb],
      ],
      ready: async () => (await httpGet(`http://${HOST}:${p.mailWeb}/email`)).status === 200,
      exports: { SMTP_HOST: HOST, SMTP_PORT: String(p.mailSmtp), MAIL_INBOX_URL: `http://${HOST}:${p.mailWeb}` },
    },
    stripe: {
      name: 'stripe',
      bin: 'stripe-mock',
      args: ['-http-addr', `${HOST}:${p.stripeMock}`, '-https-addr', `${HOST}:${p.stripeMockHttps}`],
      ports: [
        ['HTTP', p.stripeMock],
        ['HTTPS', p.stripeMockHttps],
      ],
      ready: async () =>
        (await httpGet(`http://${HOST}:${p.stripeMock}/v1/charges`, { Authorization: 'Bearer sk_test_123' })).status === 200,
      exports: { STRIPE_MOCK_URL: `http://${HOST}:${p.stripeMock}` },
    },
  };
}

// ---------------------------------------------------------------------------------------
// PostgreSQL: a cluster of our own under dataDir/postgres (Debian's server binaries), on its own
// port, 127.0.0.1 only, trust on loopback, its unix socket inside the cluster's folder. The
// system's PostgreSQL (port 5432, /var/run/postgresql) is never used.

/** The newest Debian PostgreSQL server's bin folder (/usr/lib/postgresql/<major>/bin), if any. */
export function postgresBinDir(root = '/usr/lib/postgresql'): string | undefined {
  let versions: string[];
  try {
    versions = fs.readdirSync(root);
  } catch {
    return undefined;
  }
  const found = versions
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && isExecutable(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return found[0] === undefined ? undefined : path.join(root, found[0], 'bin');
}

/** PostgreSQL refuses to run as root: then its processes run as Debian's `postgres` user. */
function postgresOsUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const name = process.env.POPOTE_POSTGRES_OS_USER || 'postgres';
  let line: string | undefined;
  try {
    line = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
  } catch {
    /* no /etc/passwd */
  }
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(
      `popote: PostgreSQL cannot run as root and there is no '${name}' user to run it as ` +
        `(Debian's postgresql package creates it: bash infra/local/bin/ensure-postgres.sh)`,
    );
  }
  return { name, uid: Number(uid), gid: Number(gid) };
}

/** Settings given on postgres's command line (they win over postgresql.conf), by durability. */
export function postgresSettings(port: number, socketDir: string | undefined, throwaway: boolean): string[] {
  const settings: Record<string, string> = {
    listen_addresses: HOST,
    port: String(port),
    // Our socket in our own folder ('' = none when the path is too long for a unix socket).
    unix_socket_directories: socketDir ?? '',
    unix_socket_permissions: '0700',
    max_connections: String(POSTGRES_MAX_CONNECTIONS),
    shared_buffers: '128MB',
    // FerretDB's statements name the field as a parameter (`_jsonb -> $1 @> $2`): a generic plan
    // cannot match the GIN indexes on `_jsonb -> 'field'` (ferretdb-indexes.sql), a custom plan does.
    plan_cache_mode: 'force_custom_plan',
    // `./popote start` keeps every acknowledged write (PostgreSQL's defaults: synchronous_commit on,
    // fsync on). Throwaway test folders give durability up for speed: their data dies with the run.
    ...(throwaway ? { synchronous_commit: 'off', fsync: 'off', full_page_writes: 'off' } : {}),
    log_line_prefix: '%m [%p] ',
    log_timezone: 'UTC',
  };
  return Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

function ferretdbPostgresqlUrl(port: number): string {
  return `postgres://${POSTGRES_USER}@${HOST}:${port}/${POSTGRES_DATABASE}?sslmode=disable&pool_max_conns=${FERRETDB_POOL_MAX_CONNS}`;
}

function postgresSpec(dataDir: string, p: ServerPorts, throwaway: boolean): ServerSpec {
  const binDir = postgresBinDir();
  const bin = (name: string) => path.join(binDir ?? '/usr/lib/postgresql/<version>/bin', name);
  const cluster = path.join(dataDir, 'postgres');
  // sun_path holds 107 bytes: <cluster>/.s.PGSQL.<port>
  const socketDir = Buffer.byteLength(`${cluster}/.s.PGSQL.${p.postgres}`) < 100 ? cluster : undefined;
  // Checked when PostgreSQL is to start (prepare), not when another server is.
  let user: ReturnType<typeof postgresOsUser>;
  let userError: unknown;
  try {
    user = binDir ? postgresOsUser() : undefined;
  } catch (err) {
    userError = err;
  }
  const client = (name: string, args: string[]) =>
    run(bin(name), ['-h', HOST, '-p', String(p.postgres), '-U', POSTGRES_USER, '-w', ...args], { timeoutMs: 10_000 });
  return {
    name: 'postgres',
    bin: bin('postgres'),
    install: 'bash infra/local/bin/ensure-postgres.sh',
    args: ['-D', cluster, ...postgresSettings(p.postgres, socketDir, throwaway)],
    user: user?.name,
    // SIGINT: fast shutdown (SIGTERM waits for every client to leave).
    stopSignal: 'SIGINT',
    // FerretDB has exited, but the backends of its pool may still be closing: a fast shutdown then
    // would cut them. Wait (at most 10 s: a loaded machine is slow to end them) until no other client is connected.
    beforeStop: async () => {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
        const others = await client('psql', [
          '-X',
          '-q',
          '-d',
          'postgres',
          '-tAc',
          "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
        ]);
        if (others.trim() === '0') return;
        await sleep(50);
      }
    },
    stopGraceMs: 30_000,
    // Ctrl-C in the terminal would otherwise shut it down under FerretDB's open connections.
    ownProcessGroup: true,
    dropEnvPrefixes: ['PG'],
    prepare: async () => {
      if (userError) throw userError;
      fs.mkdirSync(dataDir, { recursive: true });
      if (user) letUserIn(dataDir, user);
      if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
        if (fs.existsSync(cluster) && fs.readdirSync(cluster).length > 0) {
          throw new Error(`popote: ${cluster} is not empty but holds no PostgreSQL cluster (no PG_VERSION): move it away`);
        }
        // initdb once, into a folder renamed when complete: an interrupted initdb leaves no half cluster.
        const fresh = `${cluster}.initdb`;
        fs.rmSync(fresh, { recursive: true, force: true });
        fs.mkdirSync(fresh, { mode: 0o700 });
        if (user) fs.chownSync(fresh, user.uid, user.gid);
        const [cmd, args] = diesWithParent(
          bin('initdb'),
          [
            '-D',
            fresh,
            '-U',
            POSTGRES_USER,
            '--auth=trust',
            '--encoding=UTF8',
            '--no-locale',
            '--no-instructions',
            ...(throwaway ? ['--no-sync'] : []),
          ],
          { user: user?.name },
        );
        const out = await run(cmd, args, { cwd: dataDir, timeoutMs: 120_000, both: true });
        fs.appendFileSync(path.join(dataDir, 'postgres.initdb.log'), out);
        fs.rmSync(cluster, { recursive: true, force: true });
        fs.renameSync(fresh, cluster);
      }
      if (user && fs.statSync(cluster).uid !== user.uid) chownTree(cluster, user.uid, user.gid);
      // Trust on loopback only; the socket is in the cluster's folder (mode 0700).
      const hba = path.join(cluster, 'pg_hba.conf');
      fs.writeFileSync(
        hba,
        '# Written by infra/local/src/servers.ts at each start.\n' +
          '# TYPE  DATABASE  USER  ADDRESS       METHOD\n' +
          'local   all       all                 trust\n' +
          `host    all       all   ${HOST}/32  trust\n`,
      );
      if (user) fs.chownSync(hba, user.uid, user.gid);
    },
    ports: [['PostgreSQL', p.postgres]],
    // Ready when it answers a query; FerretDB's database is created the first time.
    ready: async () => {
      const has = await client('psql', [
        '-X',
        '-q',
        '-d',
        'postgres',
        '-tAc',
        `SELECT 1 FROM pg_database WHERE datname = '${POSTGRES_DATABASE}'`,
      ]);
      if (has.trim() !== '1') await client('createdb', [POSTGRES_DATABASE]);
      // GIN twins of FerretDB's indexes, so its equality filters stop scanning whole tables (ADR 0011).
      await client('psql', [
        '-X',
        '-q',
        '-d',
        POSTGRES_DATABASE,
        '-v',
        'ON_ERROR_STOP=1',
        '-f',
        path.join(configDir(), 'ferretdb-indexes.sql'),
      ]);
      return true;
    },
    exports: {},
  };
}

/** The unprivileged user must reach dataDir/postgres: dataDir (ours) gets o+x, its parents must have it. */
function letUserIn(dataDir: string, user: { name: string }): void {
  const st = fs.statSync(dataDir);
  if ((st.mode & 0o001) === 0) fs.chmodSync(dataDir, (st.mode & 0o7777) | 0o011);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `popote: PostgreSQL runs as '${user.name}' (not root), which cannot reach ${dataDir}: ${dir} is not searchable by others ` +
          `(chmod o+x ${dir}, or use a data folder elsewhere)`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}

function chownTree(dir: string, uid: number, gid: number): void {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else fs.lchownSync(full, uid, gid);
  }
}

/** Runs a program to its end; resolves its stdout (stderr too with `both`), rejects with its stderr when it fails. */
function run(cmd: string, args: string[], opts: { cwd?: string; timeoutMs: number; both?: boolean }): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd: opts.cwd, env, timeout: opts.timeoutMs, maxBuffer: 4 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(cmd)} ${args.join(' ')}: ${(stderr || err.message).trim()}`));
      else resolve(opts.both ? `${stdout}${stderr}` : stdout);
    });
  });
}

// ---------------------------------------------------------------------------------------
// Process bookkeeping: every child we started, so that they die with us.

/** Every child still running, and the signal that stops it. */
const liveChildren = new Map<ChildProcess, NodeJS.Signals>();
let exitHookInstalled = false;
const signalHooks = new Set<NodeJS.Signals>();

function killAllSync(): void {
  for (const [child, signal] of liveChildren) {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * 'exit': stop every child still running (SIGTERM; PostgreSQL SIGINT). SIGINT/SIGTERM/SIGHUP:
 * when nobody else listens for the signal, stop the children that way and re-raise it, so the
 * default behaviour (terminate) is kept; when the program has its own handler (e.g. launch.ts stops the services first and
 * then calls stop()), leave the shutdown to it: the 'exit' hook and pdeathsig remain as backstops.
 */
function installExitHooks(): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => killAllSync());
  }
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    if (signalHooks.has(sig)) continue;
    signalHooks.add(sig);
    const onSignal = (): void => {
      if (process.listenerCount(sig) > 1) return;
      killAllSync();
      process.removeListener(sig, onSignal);
      signalHooks.delete(sig);
      process.kill(process.pid, sig);
    };
    process.on(sig, onSignal);
  }
}

interface Started {
  spec: ServerSpec;
  child: ChildProcess;
  logFile: string;
  exited: Promise<void>;
  exitInfo?: { code: number | null; signal: NodeJS.Signals | null };
}

function spawnServer(spec: ServerSpec, binDir: string, dataDir: string, log: (line: string) => void): Started {
  const logFile = path.join(dataDir, `${spec.name}.log`);
  // Keep the previous run's log next to the new one.
  try {
    fs.renameSync(logFile, `${logFile}.prev`);
  } catch {
    /* no previous log */
  }
  const fd = fs.openSync(logFile, 'w');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (spec.dropEnvPrefixes?.some((prefix) => k.startsWith(prefix))) continue;
    env[k] = v;
  }
  Object.assign(env, spec.env ?? {});

  const exe = path.isAbsolute(spec.bin) ? spec.bin : path.join(binDir, spec.bin);
  const [cmd, args] = diesWithParent(exe, spec.args, { signal: spec.stopSignal, user: spec.user });
  fs.writeSync(fd, `# ${new Date().toISOString()} ${spec.user ? `(as ${spec.user}) ` : ''}${[exe, ...spec.args].join(' ')}\n`);
  let child: ChildProcess;
  try {
    child = spawn(cmd, args, { cwd: dataDir, env, stdio: ['ignore', fd, fd], detached: spec.ownProcessGroup ?? false });
  } finally {
    fs.closeSync(fd);
  }
  liveChildren.set(child, spec.stopSignal ?? 'SIGTERM');
  const started: Started = {
    spec,
    child,
    logFile,
    exited: new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        started.exitInfo = { code, signal };
        liveChildren.delete(child);
        resolve();
      });
      child.once('error', (err) => {
        // spawn failure (ENOENT...): 'exit' may not follow.
        started.exitInfo ??= { code: -1, signal: null };
        fs.appendFileSync(logFile, `popote: could not spawn ${cmd}: ${err.message}\n`);
        liveChildren.delete(child);
        resolve();
      });
    }),
  };
  log(`popote: started ${spec.name} (pid ${child.pid}), log ${logFile}`);
  return started;
}

async function stopOne(s: Started): Promise<void> {
  if (s.exitInfo) return;
  if (s.spec.beforeStop) await Promise.race([s.spec.beforeStop().catch(() => undefined), sleep(10_000)]);
  s.child.kill(s.spec.stopSignal ?? 'SIGTERM');
  const timer = sleep(s.spec.stopGraceMs ?? STOP_GRACE_MS).then(() => 'timeout' as const);
  if ((await Promise.race([s.exited.then(() => 'exited' as const), timer])) === 'timeout') {
    s.child.kill('SIGKILL');
    await s.exited;
  }
}

// ---------------------------------------------------------------------------------------

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
  if (names.includes('jaeger') && !fs.existsSync(path.join(configDir(), 'jaeger.yaml'))) {
    throw new Error(`popote: Jaeger config not found at ${path.join(configDir(), 'jaeger.yaml')}`);
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

async function waitReady(s: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: string;
  for (;;) {
    if (s.exitInfo) {
      const how = s.exitInfo.signal ? `signal ${s.exitInfo.signal}` : `code ${s.exitInfo.code}`;
      throw new Error(`popote: ${s.spec.name} exited (${how}) before it was ready; last lines of ${s.logFile}:\n${logTail(s.logFile)}`);
    }
    try {
      if (await s.spec.ready()) return;
      lastError = 'not ready yet';
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `popote: ${s.spec.name} not ready after ${Math.round(timeoutMs / 1000)}s (last check: ${lastError}); ` +
          `last lines of ${s.logFile}:\n${logTail(s.logFile)}`,
      );
    }
    await Promise.race([sleep(150), s.exited]);
  }
}

// ---------------------------------------------------------------------------------------
// Helpers

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function logTail(file: string, lines = 25): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((l) => `  | ${l}`)
      .join('\n');
  } catch (err) {
    return `  | (no log: ${err instanceof Error ? err.message : String(err)})`;
  }
}

/** True when nobody listens on host:port (we can bind it ourselves). */
function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      else reject(err);
    });
    srv.listen({ host, port, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** A plain GET without connection pooling (no sockets left behind). */
function httpGet(url: string, headers: Record<string, string> = {}, timeoutMs = 2_000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < 65_536) body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs}ms`)));
    req.on('error', reject);
  });
}

/** Sends a MongoDB `{ping: 1}` with the driver; true when the answer has ok: 1. */
export async function mongoPing(host: string, port: number, timeoutMs = 2_000): Promise<boolean> {
  const client = new MongoClient(`mongodb://${host}:${port}/?directConnection=true`, {
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
    maxPoolSize: 1,
    monitorCommands: false,
  });
  try {
    const answer = await client.db('admin').command({ ping: 1 });
    if (answer.ok !== 1) throw new Error(`ping answered ok: ${String(answer.ok)}`);
    return true;
  } finally {
    await client.close().catch(() => undefined);
  }
}
