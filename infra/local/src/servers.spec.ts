// Starts the real servers (built by infra/local/bin/provision.sh) on free ports and checks that
// each one does its job: JetStream stores messages on disk, FerretDB answers a MongoDB ping,
// MinIO accepts our credentials, Jaeger receives OTLP and lists the service, stripe-mock answers.
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
  TEST_PORTS,
  cacheBinDir,
  mongoPing,
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

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'popote-servers-spec-'));
    ports = await freePorts();
    srv = await startServers({ dataDir, ports });
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
    for (const name of ['nats', 'mongo', 'minio', 'jaeger', 'stripe', 'mail']) {
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

  it('stop() frees every port, and data survives a restart', async () => {
    await srv!.stop();
    await srv!.stop(); // idempotent
    for (const port of Object.values(ports)) expect(await canConnect(port)).toBe(false);

    srv = await startServers({ dataDir, ports, only: ['nats', 'minio'] });
    expect(Object.keys(srv.env)).not.toContain('MONGO_URL');
    const info = await natsRequest(ports.nats, '$JS.API.STREAM.INFO.SPEC', '');
    expect(info.state.messages).toBe(1);
    expect((await s3(ports.minio, 'GET', '/')).body).toContain('<Name>popote-spec</Name>');
  }, 60_000);
});

// ---------------------------------------------------------------------------------------

async function freePorts(): Promise<ServerPorts> {
  const servers = await Promise.all(
    Array.from(
      { length: 12 },
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
  const [
    nats,
    natsMonitor,
    mongo,
    minio,
    minioConsole,
    jaegerOtlpHttp,
    jaegerOtlpGrpc,
    jaegerUi,
    stripeMock,
    stripeMockHttps,
    mailSmtp,
    mailWeb,
  ] = p as [number, number, number, number, number, number, number, number, number, number, number, number];
  return {
    nats,
    natsMonitor,
    mongo,
    minio,
    minioConsole,
    jaegerOtlpHttp,
    jaegerOtlpGrpc,
    jaegerUi,
    stripeMock,
    stripeMockHttps,
    mailSmtp,
    mailWeb,
  };
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
