// Starts the real servers (built by infra/local/bin/provision.sh, PostgreSQL from Debian) on free
// ports and checks that each one does its job: JetStream stores messages on disk, FerretDB answers
// a MongoDB ping and stores in our own PostgreSQL cluster (or SQLite files when asked), MinIO
// accepts our credentials, Jaeger receives OTLP and lists the service, stripe-mock answers.
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_PORTS,
  MINIO_ACCESS_KEY,
  MINIO_SECRET_KEY,
  POSTGRES_DATABASE,
  POSTGRES_USER,
  TEST_PORTS,
  cacheBinDir,
  ferretdbBackend,
  mongoPing,
  postgresBinDir,
  postgresSettings,
  serversToStart,
  startServers,
  type RunningServers,
  type ServerPorts,
} from './servers';

describe('server ports and folders', () => {
  it('dev and test ports are distinct and disjoint', () => {
    const dev = Object.values(DEV_PORTS);
    const test = Object.values(TEST_PORTS);
    expect(new Set(dev).size).toBe(dev.length);
    expect(new Set(test).size).toBe(test.length);
    expect(dev.filter((p) => test.includes(p))).toEqual([]);
    expect(Object.keys(TEST_PORTS).sort()).toEqual(Object.keys(DEV_PORTS).sort());
    // Our PostgreSQL never takes the system's port.
    expect([DEV_PORTS.postgres, TEST_PORTS.postgres]).not.toContain(5432);
  });

  it('cacheBinDir follows POPOTE_CACHE, then XDG_CACHE_HOME, then ~/.cache', () => {
    const saved = { POPOTE_CACHE: process.env.POPOTE_CACHE, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };
    try {
      process.env.POPOTE_CACHE = '/x/popote-cache';
      expect(cacheBinDir()).toBe('/x/popote-cache/bin');
      delete process.env.POPOTE_CACHE;
      process.env.XDG_CACHE_HOME = '/x/xdg';
      expect(cacheBinDir()).toBe('/x/xdg/popote/bin');
      process.env.XDG_CACHE_HOME = '';
      expect(cacheBinDir()).toBe(path.join(os.homedir(), '.cache', 'popote', 'bin'));
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});

describe('FerretDB backend and server order', () => {
  it('POPOTE_FERRETDB_BACKEND selects postgresql (default) or sqlite, nothing else', () => {
    expect(ferretdbBackend({})).toBe('postgresql');
    expect(ferretdbBackend({ POPOTE_FERRETDB_BACKEND: '' })).toBe('postgresql');
    expect(ferretdbBackend({ POPOTE_FERRETDB_BACKEND: 'sqlite' })).toBe('sqlite');
    expect(() => ferretdbBackend({ POPOTE_FERRETDB_BACKEND: 'mongodb' })).toThrow(/postgresql or sqlite/);
  });

  it("'mongo' brings 'postgres' before it on PostgreSQL; SQLite needs no PostgreSQL", () => {
    expect(serversToStart(undefined, 'postgresql')).toEqual(['nats', 'postgres', 'mongo', 'minio', 'jaeger', 'stripe', 'mail']);
    expect(serversToStart(['mongo', 'nats'], 'postgresql')).toEqual(['nats', 'postgres', 'mongo']);
    expect(serversToStart(['nats', 'minio'], 'postgresql')).toEqual(['nats', 'minio']);
    expect(serversToStart(undefined, 'sqlite')).toEqual(['nats', 'mongo', 'minio', 'jaeger', 'stripe', 'mail']);
    expect(serversToStart(['nats', 'mongo'], 'sqlite')).toEqual(['nats', 'mongo']);
    expect(serversToStart(['postgres'], 'sqlite')).toEqual(['postgres']);
    expect(() => serversToStart(['nats', 'redis'], 'postgresql')).toThrow(/unknown server 'redis'/);
  });

  it('PostgreSQL listens on 127.0.0.1 only; durability (synchronous commit, fsync) is given up only for throwaway data', () => {
    const settings = (throwaway: boolean) => {
      const args = postgresSettings(15999, '/data/postgres', throwaway);
      expect(args.filter((_, i) => i % 2 === 0).every((a) => a === '-c')).toBe(true);
      return Object.fromEntries(args.filter((_, i) => i % 2 === 1).map((kv) => kv.split(/=(.*)/s).slice(0, 2)));
    };
    const durable = settings(false);
    expect(durable).toMatchObject({
      listen_addresses: '127.0.0.1',
      port: '15999',
      unix_socket_directories: '/data/postgres',
    });
    expect(durable.synchronous_commit).toBeUndefined(); // PostgreSQL's default: on
    expect(durable.fsync).toBeUndefined();
    expect(durable.full_page_writes).toBeUndefined();
    expect(Number(durable.max_connections)).toBeGreaterThanOrEqual(100);
    expect(settings(true)).toMatchObject({ ...durable, synchronous_commit: 'off', fsync: 'off', full_page_writes: 'off' });
    expect(postgresSettings(15999, undefined, false)).toContain('unix_socket_directories=');
  });

  it('takes the newest Debian PostgreSQL that has a server binary', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'popote-pg-bin-'));
    try {
      expect(postgresBinDir(root)).toBeUndefined();
      for (const [version, server] of [
        ['9.6', true],
        ['13', true],
        ['15', true],
        ['17', false], // client only
        ['common', true],
      ] as const) {
        fs.mkdirSync(path.join(root, version, 'bin'), { recursive: true });
        if (server) fs.writeFileSync(path.join(root, version, 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 });
      }
      expect(postgresBinDir(root)).toBe(path.join(root, '15', 'bin'));
      expect(postgresBinDir(path.join(root, 'nowhere'))).toBeUndefined();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('startServers (real servers)', () => {
  it('the development mail server accepts SMTP and lists what it received', async () => {
    const { createTransport } = await import('nodemailer');
    const mail = createTransport({ host: '127.0.0.1', port: ports.mailSmtp, secure: false });
    await mail.sendMail({ from: 'a@popote.test', to: 'b@popote.test', subject: 'Bonjour', text: 'Test' });
    const inbox = (await (await fetch(`http://127.0.0.1:${ports.mailWeb}/email`)).json()) as { subject: string }[];
    expect(inbox.map((m) => m.subject)).toContain('Bonjour');
  });

  let dataDir: string;
  let ports: ServerPorts;
  let srv: RunningServers | undefined;
  const progress: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'popote-servers-spec-'));
    ports = await freePorts();
    srv = await startServers({ dataDir, ports, ferretdbBackend: 'postgresql', throwaway: true, log: (l) => progress.push(l) });
  }, 120_000);

  afterAll(async () => {
    await srv?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('exports the connection settings', () => {
    const h = '127.0.0.1';
    expect(srv!.env).toEqual({
      NATS_URL: `nats://${h}:${ports.nats}`,
      MONGO_URL: `mongodb://${h}:${ports.mongo}`,
      MINIO_ENDPOINT: h,
      MINIO_PORT: String(ports.minio),
      MINIO_USE_SSL: 'false',
      MINIO_ACCESS_KEY,
      MINIO_SECRET_KEY,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://${h}:${ports.jaegerOtlpHttp}`,
      JAEGER_QUERY_URL: `http://${h}:${ports.jaegerUi}`,
      STRIPE_MOCK_URL: `http://${h}:${ports.stripeMock}`,
      SMTP_HOST: h,
      SMTP_PORT: String(ports.mailSmtp),
      MAIL_INBOX_URL: `http://${h}:${ports.mailWeb}`,
    });
    for (const name of ['nats', 'postgres', 'mongo', 'minio', 'jaeger', 'stripe', 'mail']) {
      expect(fs.existsSync(path.join(dataDir, `${name}.log`))).toBe(true);
    }
  });

  it('NATS JetStream stores messages in a file stream under dataDir/nats', async () => {
    const created = await natsRequest(ports.nats, '$JS.API.STREAM.CREATE.SPEC', { name: 'SPEC', subjects: ['spec.>'], storage: 'file' });
    expect(created.error).toBeUndefined();
    const ack = await natsRequest(ports.nats, 'spec.hello', 'hello');
    expect(ack).toMatchObject({ stream: 'SPEC', seq: 1 });
    const info = await natsRequest(ports.nats, '$JS.API.STREAM.INFO.SPEC', '');
    expect(info.state.messages).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'nats', 'jetstream'))).toBe(true);
  });

  it('FerretDB answers a MongoDB ping', async () => {
    expect(await mongoPing('127.0.0.1', ports.mongo)).toBe(true);
  });

  it('FerretDB starts once PostgreSQL is ready', () => {
    const at = (line: string) => progress.findIndex((l) => l.startsWith(line));
    expect(at('popote: postgres ready')).toBeGreaterThanOrEqual(0);
    expect(at('popote: started mongo')).toBeGreaterThan(at('popote: postgres ready'));
  });

  it('FerretDB stores in our PostgreSQL cluster: one schema per database, in dataDir/postgres', async () => {
    await withMongo(ports.mongo, (db) =>
      db.collection<{ _id: string; name: string }>('meals').insertOne({ _id: 'spec-1', name: 'Tajine' }),
    );
    expect(psql(ports.postgres, "SELECT count(*) FROM information_schema.schemata WHERE schema_name = 'specdb'")).toBe('1');
    expect(psql(ports.postgres, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'specdb'")).toMatch(/^meals_/m);
    expect(fs.readFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), 'utf8').trim()).toBe(
      path.basename(path.dirname(postgresBinDir()!)),
    );
    expect(fs.existsSync(path.join(dataDir, 'mongo'))).toBe(false); // no SQLite files
  });

  it("FerretDB's equality filters use an index: a GIN twin on `_id` for every table, and on each declared index's field", async () => {
    await withMongo(ports.mongo, async (db) => {
      const orders = db.collection<{ _id: string; cook_id: string }>('orders');
      await orders.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `o-${i}`, cook_id: `k-${i % 5}` })));
      await orders.createIndex({ cook_id: 1 });
      expect(await orders.findOne({ _id: 'o-7' })).toEqual({ _id: 'o-7', cook_id: 'k-2' });
      expect(await orders.countDocuments({ cook_id: 'k-3' })).toBe(10);
    });
    const table = psql(
      ports.postgres,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'specdb' AND table_name LIKE 'orders_%'",
    );
    const gin = psql(
      ports.postgres,
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'specdb' AND tablename = '${table}' AND indexdef LIKE '%USING gin%'`,
    );
    expect(gin).toMatch(/gin \(+_jsonb -> '_id'::text\)+/);
    expect(gin).toMatch(/gin \(+_jsonb -> 'cook_id'::text\)+/);
    // The filter FerretDB sends (`_jsonb -> $1 @> $2`) is answered from the index, not a scan of the table.
    const plan = psql(
      ports.postgres,
      `SET enable_seqscan = off; EXPLAIN SELECT _jsonb FROM specdb.${table} WHERE _jsonb -> '_id' @> '"o-7"'`,
    );
    expect(plan).toMatch(/Index Scan on \S+_gin/);
    expect(psql(ports.postgres, 'SHOW plan_cache_mode')).toBe('force_custom_plan');
  });

  it('PostgreSQL: 127.0.0.1 only, its socket in its folder, no fsync for throwaway data, not root', () => {
    const cluster = path.join(dataDir, 'postgres');
    expect(psql(ports.postgres, 'SHOW listen_addresses')).toBe('127.0.0.1');
    expect(psql(ports.postgres, 'SHOW unix_socket_directories')).toBe(cluster);
    expect(fs.statSync(path.join(cluster, `.s.PGSQL.${ports.postgres}`)).isSocket()).toBe(true);
    expect(psql(ports.postgres, 'SHOW fsync')).toBe('off');
    expect(psql(ports.postgres, 'SHOW full_page_writes')).toBe('off');
    expect(psql(ports.postgres, 'SHOW synchronous_commit')).toBe('off');
    expect(Number(psql(ports.postgres, 'SHOW max_connections'))).toBeGreaterThanOrEqual(100);
    const pid = Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const uid = Number(/^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    expect(uid).toBe(process.getuid!() === 0 ? postgresUid : process.getuid!());
    expect(fs.statSync(cluster).uid).toBe(uid);
  });

  it('MinIO accepts the local credentials and creates a bucket', async () => {
    expect((await s3(ports.minio, 'PUT', '/popote-spec')).status).toBe(200);
    const list = await s3(ports.minio, 'GET', '/');
    expect(list.status).toBe(200);
    expect(list.body).toContain('<Name>popote-spec</Name>');
    expect((await fetch(`http://127.0.0.1:${ports.minio}/`)).status).toBe(403); // anonymous
  });

  it('Jaeger receives OTLP/HTTP and lists the service in its query API', async () => {
    const now = BigInt(Date.now()) * 1_000_000n;
    const res = await fetch(`http://127.0.0.1:${ports.jaegerOtlpHttp}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: 'popote-spec' } }] },
            scopeSpans: [
              {
                spans: [
                  {
                    traceId: '5b8efff798038103d269b633813fc60c',
                    spanId: 'eee19b7ec3c1b174',
                    name: 'spec-span',
                    kind: 1,
                    startTimeUnixNano: String(now - 1_000_000n),
                    endTimeUnixNano: String(now),
                  },
                ],
              },
            ],
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    let services: string[] = [];
    for (let i = 0; i < 50 && !services.includes('popote-spec'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      services = ((await (await fetch(`http://127.0.0.1:${ports.jaegerUi}/api/services`)).json()) as { data: string[] | null }).data ?? [];
    }
    expect(services).toContain('popote-spec');
    expect(await canConnect(ports.jaegerOtlpGrpc)).toBe(true);
  });

  it('stripe-mock answers over HTTP', async () => {
    const res = await fetch(`http://127.0.0.1:${ports.stripeMock}/v1/customers`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_123', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=spec%40popote.test',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toMatch(/^cus_/);
  });

  it('refuses ports that are taken, naming the server and port', async () => {
    await expect(startServers({ dataDir, ports, only: ['nats'] })).rejects.toThrow(
      new RegExp(`nats client port ${ports.nats}.*already in use`),
    );
  });

  it('kill() ends FerretDB alone; stop() ends PostgreSQL after it', async () => {
    await srv!.kill('mongo');
    expect(await canConnect(ports.mongo)).toBe(false);
    expect(psql(ports.postgres, 'SELECT 1')).toBe('1');
    await srv!.stop();
    expect(await canConnect(ports.postgres)).toBe(false);
    const log = fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8');
    expect(log).toMatch(/received fast shutdown request/);
    expect(log).toMatch(/database system is shut down/);
  }, 60_000);

  it('stop() frees every port, and data survives a restart', async () => {
    srv = await startServers({ dataDir, ports, ferretdbBackend: 'postgresql' });
    await withMongo(ports.mongo, (db) => db.collection<{ _id: string; name: string }>('meals').insertOne({ _id: 'spec-2', name: 'Pho' }));
    await srv.stop();
    await srv.stop(); // idempotent
    for (const port of Object.values(ports)) expect(await canConnect(port)).toBe(false);
    // FerretDB's pool was closed before PostgreSQL shut down: no connection was cut.
    const pgLog = fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8');
    expect(pgLog).toMatch(/received fast shutdown request/);
    expect(pgLog).not.toMatch(/terminating connection due to administrator command/);

    srv = await startServers({ dataDir, ports, only: ['nats', 'minio'] });
    expect(Object.keys(srv.env)).not.toContain('MONGO_URL');
    const info = await natsRequest(ports.nats, '$JS.API.STREAM.INFO.SPEC', '');
    expect(info.state.messages).toBe(1);
    expect((await s3(ports.minio, 'GET', '/')).body).toContain('<Name>popote-spec</Name>');
    expect(await canConnect(ports.postgres)).toBe(false);
    await srv.stop();

    // Same cluster (no second initdb), durable settings this time.
    srv = await startServers({ dataDir, ports, only: ['mongo'], ferretdbBackend: 'postgresql' });
    const names = await withMongo(ports.mongo, (db) => db.collection('meals').find().sort({ _id: 1 }).toArray());
    expect(names.map((m) => m.name)).toEqual(['Tajine', 'Pho']);
    expect(psql(ports.postgres, 'SHOW fsync')).toBe('on');
    expect(psql(ports.postgres, 'SHOW full_page_writes')).toBe('on');
    expect(psql(ports.postgres, 'SHOW synchronous_commit')).toBe('on');
    expect(fs.readFileSync(path.join(dataDir, 'postgres.initdb.log'), 'utf8').match(/creating configuration files/g)).toHaveLength(1);
  }, 90_000);
});

describe('startServers with POPOTE_FERRETDB_BACKEND=sqlite', () => {
  let dataDir: string;
  let srv: RunningServers | undefined;

  afterAll(async () => {
    await srv?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('FerretDB stores in SQLite files under dataDir/mongo, with no PostgreSQL', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'popote-servers-sqlite-'));
    const ports = await freePorts();
    const saved = process.env.POPOTE_FERRETDB_BACKEND;
    process.env.POPOTE_FERRETDB_BACKEND = 'sqlite';
    try {
      srv = await startServers({ dataDir, ports, only: ['mongo'] });
    } finally {
      if (saved === undefined) delete process.env.POPOTE_FERRETDB_BACKEND;
      else process.env.POPOTE_FERRETDB_BACKEND = saved;
    }
    await withMongo(ports.mongo, (db) => db.collection('meals').insertOne({ name: 'Tajine' }));
    expect(fs.readdirSync(path.join(dataDir, 'mongo'))).toContain('specdb.sqlite');
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres.log'))).toBe(false);
    expect(await canConnect(ports.postgres)).toBe(false);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------

async function freePorts(): Promise<ServerPorts> {
  const names = Object.keys(DEV_PORTS) as (keyof ServerPorts)[];
  const servers = await Promise.all(
    Array.from(
      { length: names.length },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const s = net.createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const p = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return Object.fromEntries(names.map((name, i) => [name, p[i]!])) as unknown as ServerPorts;
}

/** One query on our PostgreSQL cluster (psql of the same version), its unaligned answer. */
function psql(port: number, sql: string): string {
  const args = ['-X', '-q', '-w', '-h', '127.0.0.1', '-p', String(port), '-U', POSTGRES_USER, '-d', POSTGRES_DATABASE, '-tAc', sql];
  return execFileSync(path.join(postgresBinDir()!, 'psql'), args, { encoding: 'utf8' }).trim();
}

/** The MongoDB driver on FerretDB's port, database `specdb`. */
async function withMongo<T>(port: number, use: (db: import('mongodb').Db) => Promise<T>): Promise<T> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(`mongodb://127.0.0.1:${port}/?directConnection=true`, { serverSelectionTimeoutMS: 10_000 });
  try {
    return await use(client.db('specdb'));
  } finally {
    await client.close();
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/** One NATS request/reply over the raw text protocol (no client library needed). */
function natsRequest(port: number, subject: string, payload: unknown): Promise<any> {
  const data = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    let buf = Buffer.alloc(0);
    const timer = setTimeout(() => finish(new Error(`no reply on ${subject}`)), 5_000);
    const finish = (err: Error | null, value?: unknown): void => {
      clearTimeout(timer);
      sock.destroy();
      if (err) reject(err);
      else resolve(value);
    };
    sock.once('error', (err) => finish(err));
    sock.once('connect', () => {
      sock.write(
        `CONNECT {"verbose":false,"pedantic":false,"lang":"node","version":"0"}\r\nSUB _INBOX.spec 1\r\n` +
          `PUB ${subject} _INBOX.spec ${data.length}\r\n`,
      );
      sock.write(Buffer.concat([data, Buffer.from('\r\n')]));
    });
    sock.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        const eol = buf.indexOf('\r\n');
        if (eol < 0) return;
        const line = buf.toString('utf8', 0, eol);
        if (line.startsWith('-ERR')) return finish(new Error(line));
        if (line.startsWith('MSG ')) {
          const size = Number(line.split(' ').at(-1));
          if (buf.length < eol + 2 + size + 2) return;
          return finish(null, JSON.parse(buf.toString('utf8', eol + 2, eol + 2 + size)));
        }
        if (line === 'PING') sock.write('PONG\r\n');
        buf = buf.subarray(eol + 2);
      }
    });
  });
}

/** A SigV4-signed S3 request with an empty body (region us-east-1, MinIO's default). */
async function s3(port: number, method: string, pathname: string): Promise<{ status: number; body: string }> {
  const host = `127.0.0.1:${port}`;
  const amzDate = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = createHash('sha256').update('').digest('hex');
  const signedHeaders = 'host;x-amz-content-sha256;x-amz-date';
  const canonical = [
    method,
    pathname,
    '',
    `host:${host}`,
    `x-amz-content-sha256:${payloadHash}`,
    `x-amz-date:${amzDate}`,
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/us-east-1/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${MINIO_SECRET_KEY}`).update(day).digest();
  for (const part of ['us-east-1', 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const res = await fetch(`http://${host}${pathname}`, {
    method,
    headers: {
      'x-amz-date': amzDate,
      'x-amz-content-sha256': payloadHash,
      Authorization: `AWS4-HMAC-SHA256 Credential=${MINIO_ACCESS_KEY}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    },
  });
  return { status: res.status, body: await res.text() };
}
