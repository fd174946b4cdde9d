// Starts the local infrastructure servers (NATS + JetStream, FerretDB, MinIO, Jaeger v2,
// stripe-mock) as child processes, from the binaries that infra/local/bin/provision.sh builds
// into the cache folder. No Docker, no npm dependencies.
//
//   const srv = await startServers({ dataDir: '/tmp/popote-test', ports: TEST_PORTS });
//   ... use srv.env (NATS_URL, MONGO_URL, ...) ...
//   await srv.stop();
//
// Every server binds 127.0.0.1 only, keeps its data under dataDir/<server> and logs to
// dataDir/<server>.log. Children die with the parent, even when the parent is SIGKILLed
// (spawned through `setpriv --pdeathsig SIGTERM`, util-linux), and are also stopped on the
// parent's 'exit', and on SIGINT/SIGTERM/SIGHUP unless the program handles those itself.

import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeNatsAuthorization, type NatsUser } from './nats-auth';
import { diesWithParent, hasSetpriv } from './processes';

export interface ServerPorts {
  nats: number;
  natsMonitor: number;
  mongo: number;
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

export type ServerName = 'nats' | 'mongo' | 'minio' | 'jaeger' | 'stripe' | 'mail';

export const SERVER_NAMES: readonly ServerName[] = Object.freeze(['nats', 'mongo', 'minio', 'jaeger', 'stripe', 'mail']);

/** Local-only MinIO root credentials. */
export const MINIO_ACCESS_KEY = 'popote';
export const MINIO_SECRET_KEY = 'popote-secret-key';

export interface StartOptions {
  /** Data goes to dataDir/<server>, logs to dataDir/<server>.log (created; kept between runs). */
  dataDir: string;
  ports: ServerPorts;
  /** Start only these servers (default: all five). */
  only?: ServerName[];
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
  /** SIGTERM, wait, SIGKILL after a few seconds. Safe to call more than once. */
  stop(): Promise<void>;
  /** SIGKILL one server (e.g. 'nats-2' of a cluster) and do not restart it: for fault tests. */
  kill(name: string): Promise<void>;
}

const HOST = '127.0.0.1';
const STOP_GRACE_MS = 5_000;

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
  args: string[];
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

function specs(dataDir: string, p: ServerPorts, natsConfig?: string): Record<ServerName, ServerSpec> {
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
    mongo: {
      name: 'mongo',
      bin: 'ferretdb',
      args: ['-listen-addr', `${HOST}:${p.mongo}`, '-data-dir', path.join(dataDir, 'mongo')],
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
// Process bookkeeping: every child we started, so that they die with us.

const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
const signalHooks = new Set<NodeJS.Signals>();

function killAllSync(signal: NodeJS.Signals): void {
  for (const child of liveChildren) {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * 'exit': SIGTERM every child still running. SIGINT/SIGTERM/SIGHUP: when nobody else listens
 * for the signal, SIGTERM the children and re-raise it, so the default behaviour (terminate)
 * is kept; when the program has its own handler (e.g. launch.ts stops the services first and
 * then calls stop()), leave the shutdown to it: the 'exit' hook and pdeathsig remain as backstops.
 */
function installExitHooks(): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => killAllSync('SIGTERM'));
  }
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    if (signalHooks.has(sig)) continue;
    signalHooks.add(sig);
    const onSignal = (): void => {
      if (process.listenerCount(sig) > 1) return;
      killAllSync('SIGTERM');
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
  const [cmd, args] = diesWithParent(exe, spec.args);
  fs.writeSync(fd, `# ${new Date().toISOString()} ${[exe, ...spec.args].join(' ')}\n`);
  let child: ChildProcess;
  try {
    child = spawn(cmd, args, { cwd: dataDir, env, stdio: ['ignore', fd, fd] });
  } finally {
    fs.closeSync(fd);
  }
  liveChildren.add(child);
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

async function stopOne(s: Started, graceMs: number): Promise<void> {
  if (s.exitInfo) return;
  s.child.kill('SIGTERM');
  const timer = sleep(graceMs).then(() => 'timeout' as const);
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
  const names = [...new Set(opts.only ?? SERVER_NAMES)];
  const natsConfig = opts.natsUsers && names.includes('nats') ? writeNatsAuthorization(dataDir, opts.natsUsers) : undefined;
  const all = specs(dataDir, opts.ports, natsConfig);
  const wanted = names.flatMap((n) => {
    const s = all[n];
    if (!s) throw new Error(`popote: unknown server '${n}' (known: ${SERVER_NAMES.join(', ')})`);
    return n === 'nats' && opts.natsCluster ? [1, 2, 3].map((k) => natsClusterNode(dataDir, opts.ports, k, natsConfig)) : [s];
  });

  // Binaries and config first: nothing started yet, nothing to clean up.
  const missing = wanted.filter((s) => !isExecutable(path.isAbsolute(s.bin) ? s.bin : path.join(binDir, s.bin)));
  if (missing.length > 0) {
    throw new Error(
      `popote: ${missing.map((s) => `${s.bin} (${s.name})`).join(', ')} not found in ${binDir}; ` +
        `build them first with: bash infra/local/bin/provision.sh`,
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
  for (const n of ['nats', 'mongo', 'minio'] as const) {
    if (names.includes(n)) fs.mkdirSync(path.join(dataDir, n), { recursive: true });
  }
  if (opts.natsCluster) for (const k of [1, 2, 3]) fs.mkdirSync(path.join(dataDir, `nats-${k}`), { recursive: true });
  if (!hasSetpriv()) {
    log('popote: setpriv (util-linux) not found: servers will not die with this process if it is killed with SIGKILL');
  }
  installExitHooks();

  const started: Started[] = [];
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= Promise.all(started.map((s) => stopOne(s, STOP_GRACE_MS))).then(() => {
      log('popote: servers stopped');
    });
    return stopping;
  };

  const t0 = Date.now();
  try {
    for (const s of wanted) started.push(spawnServer(s, binDir, dataDir, log));
    const results = await Promise.allSettled(
      started.map(async (s) => {
        await waitReady(s, timeoutMs);
        log(`popote: ${s.spec.name} ready (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
      }),
    );
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

/**
 * Sends a MongoDB `{ping: 1}` (OP_MSG) and resolves true when the answer has ok: 1.
 * Hand-rolled so that no driver is needed.
 */
export function mongoPing(host: string, port: number, timeoutMs = 2_000): Promise<boolean> {
  const doc = bsonDoc([
    [0x10, 'ping', int32(1)],
    [0x02, '$db', bsonString('admin')],
  ]);
  const body = Buffer.concat([int32(0) /* flagBits */, Buffer.from([0]) /* section kind 0 */, doc]);
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + body.length, 0);
  header.writeInt32LE(1, 4); // requestID
  header.writeInt32LE(0, 8); // responseTo
  header.writeInt32LE(2013, 12); // OP_MSG
  const request = Buffer.concat([header, body]);

  return new Promise((resolve, reject) => {
    const sock = net.connect({ host, port });
    let buf = Buffer.alloc(0);
    const done = (err: Error | null, ok?: boolean): void => {
      sock.destroy();
      if (err) reject(err);
      else resolve(ok ?? false);
    };
    sock.setTimeout(timeoutMs, () => done(new Error(`no answer to ping after ${timeoutMs}ms`)));
    sock.once('error', (err) => done(err));
    sock.once('connect', () => sock.write(request));
    sock.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length < 4) return;
      const len = buf.readInt32LE(0);
      if (buf.length < len) return;
      const opCode = buf.readInt32LE(12);
      if (opCode !== 2013 || buf[20] !== 0) return done(new Error(`unexpected reply (opCode ${opCode})`));
      const ok = bsonTopLevelNumber(buf.subarray(21, len), 'ok');
      done(ok === 1 ? null : new Error(`ping answered ok: ${String(ok)}`), ok === 1);
    });
  });
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n, 0);
  return b;
}

function bsonString(s: string): Buffer {
  const bytes = Buffer.from(s, 'utf8');
  return Buffer.concat([int32(bytes.length + 1), bytes, Buffer.from([0])]);
}

function bsonDoc(elements: Array<[type: number, key: string, value: Buffer]>): Buffer {
  const parts = elements.map(([type, key, value]) => Buffer.concat([Buffer.from([type]), Buffer.from(key + '\0', 'utf8'), value]));
  const content = Buffer.concat([...parts, Buffer.from([0])]);
  return Buffer.concat([int32(content.length + 4), content]);
}

/** Value of a top-level numeric field (double, int32, int64) of a BSON document, if present. */
function bsonTopLevelNumber(doc: Buffer, key: string): number | undefined {
  let i = 4;
  while (i < doc.length && doc[i] !== 0) {
    const type = doc[i++]!;
    const end = doc.indexOf(0, i);
    const name = doc.toString('utf8', i, end);
    i = end + 1;
    let size: number;
    switch (type) {
      case 0x01: // double
        if (name === key) return doc.readDoubleLE(i);
        size = 8;
        break;
      case 0x10: // int32
        if (name === key) return doc.readInt32LE(i);
        size = 4;
        break;
      case 0x12: // int64
        if (name === key) return Number(doc.readBigInt64LE(i));
        size = 8;
        break;
      case 0x09: // datetime
      case 0x11: // timestamp
        size = 8;
        break;
      case 0x08: // bool
        size = 1;
        break;
      case 0x0a: // null
        size = 0;
        break;
      case 0x07: // ObjectId
        size = 12;
        break;
      case 0x02: // string
        size = 4 + doc.readInt32LE(i);
        break;
      case 0x03: // document
      case 0x04: // array
        size = doc.readInt32LE(i);
        break;
      case 0x05: // binary
        size = 4 + 1 + doc.readInt32LE(i);
        break;
      default:
        return undefined; // not needed for ping replies
    }
    i += size;
  }
  return undefined;
}
