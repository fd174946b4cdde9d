// PostgreSQL: a cluster of our own under dataDir/postgres (Debian's server binaries), on its own
// port, 127.0.0.1 only, trust on loopback, its unix socket inside the cluster's folder. The
// system's PostgreSQL (port 5432, /var/run/postgresql) is never used. FerretDB (ferretdb.ts) stores in it.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { diesWithParent } from '../processes';
import { HOST, configDir, type ServerPorts, type ServerSpec } from './config';
import { isExecutable, run, sleep } from './helpers';

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

/** Where FerretDB reaches our cluster, with its pool's size. */
export function ferretdbPostgresqlUrl(port: number): string {
  return `postgres://${POSTGRES_USER}@${HOST}:${port}/${POSTGRES_DATABASE}?sslmode=disable&pool_max_conns=${FERRETDB_POOL_MAX_CONNS}`;
}

export function postgresSpec(dataDir: string, p: ServerPorts, throwaway: boolean): ServerSpec {
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
  // psql without ~/.psqlrc, quiet, on `database`.
  const psql = (database: string, args: string[]) => client('psql', ['-X', '-q', '-d', database, ...args]);
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
        const others = await psql('postgres', [
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
      if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) await initCluster(cluster, dataDir, bin('initdb'), user, throwaway);
      if (user && fs.statSync(cluster).uid !== user.uid) chownTree(cluster, user.uid, user.gid);
      // Trust on loopback only; the socket is in the cluster's folder (mode 0700).
      const hba = path.join(cluster, 'pg_hba.conf');
      fs.writeFileSync(
        hba,
        '# Written by infra/local/src/servers/postgres.ts at each start.\n' +
          '# TYPE  DATABASE  USER  ADDRESS       METHOD\n' +
          'local   all       all                 trust\n' +
          `host    all       all   ${HOST}/32  trust\n`,
      );
      if (user) fs.chownSync(hba, user.uid, user.gid);
    },
    ports: [['PostgreSQL', p.postgres]],
    // Ready when it answers a query; FerretDB's database is created the first time.
    ready: async () => {
      const has = await psql('postgres', ['-tAc', `SELECT 1 FROM pg_database WHERE datname = '${POSTGRES_DATABASE}'`]);
      if (has.trim() !== '1') await client('createdb', [POSTGRES_DATABASE]);
      // GIN twins of FerretDB's indexes, so its equality filters stop scanning whole tables (ADR 0011).
      await psql(POSTGRES_DATABASE, ['-v', 'ON_ERROR_STOP=1', '-f', path.join(configDir(), 'ferretdb-indexes.sql')]);
      return true;
    },
    exports: {},
  };
}

/** Creates the cluster in an empty (or missing) folder `cluster`, owned by `user` when given. */
async function initCluster(
  cluster: string,
  dataDir: string,
  initdb: string,
  user: { name: string; uid: number; gid: number } | undefined,
  throwaway: boolean,
): Promise<void> {
  if (fs.existsSync(cluster) && fs.readdirSync(cluster).length > 0) {
    throw new Error(`popote: ${cluster} is not empty but holds no PostgreSQL cluster (no PG_VERSION): move it away`);
  }
  // initdb once, into a folder renamed when complete: an interrupted initdb leaves no half cluster.
  const fresh = `${cluster}.initdb`;
  fs.rmSync(fresh, { recursive: true, force: true });
  fs.mkdirSync(fresh, { mode: 0o700 });
  if (user) fs.chownSync(fresh, user.uid, user.gid);
  const [cmd, args] = diesWithParent(
    initdb,
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
