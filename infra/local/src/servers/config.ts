// What every server module shares: the ports, the server names and their start order, FerretDB's
// backend, where the binaries and the config files are, and the description of a server to start.

import * as os from 'node:os';
import * as path from 'node:path';

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

/** Every server binds this address only. */
export const HOST = '127.0.0.1';

/** Same folder as infra/local/bin/provision.sh writes to. */
export function cacheBinDir(): string {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const cache = process.env.POPOTE_CACHE || path.join(cacheHome, 'popote');
  return path.join(cache, 'bin');
}

/** infra/local/config (this file is in infra/local/src/servers or, compiled, infra/local/dist/servers). */
export function configDir(): string {
  if (typeof __dirname === 'string') return path.resolve(__dirname, '..', '..', 'config');
  // Loaded as an ES module (e.g. node --experimental-strip-types): no __dirname.
  return path.join(process.env.POPOTE_ROOT ?? process.cwd(), 'infra', 'local', 'config');
}

/** How to run one server, check it is ready, and what it gives the services. */
export interface ServerSpec {
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
