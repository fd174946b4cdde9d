// @ts-check
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createStaticServer, portFromEnv } from './index.mjs';

/** @param {http.Server} server */
const listening = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port)));

/**
 * @param {number} port
 * @param {string} path
 * @param {http.RequestOptions} [options]
 * @param {string} [body]
 * @returns {Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>}
 */
const request = (port, path, options = {}, body) =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, ...options }, (res) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });

describe('static server', () => {
  const root = mkdtempSync(join(tmpdir(), 'popote-static-'));
  /** @type {http.Server} */ let upstream;
  /** @type {http.Server} */ let app;
  /** @type {http.Server} */ let remote;
  /** @type {number} */ let appPort;
  /** @type {number} */ let remotePort;
  /** @type {Set<import('node:stream').Duplex>} */ const upgraded = new Set();

  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Popote</title>');
    writeFileSync(join(root, 'main.0123456789.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    writeFileSync(join(root, 'remoteEntry.js'), 'var popote_consumer;');
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');

    // A stand-in BFF: echoes HTTP requests and accepts WebSocket-style upgrades.
    upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('set-cookie', 'session=abc; HttpOnly');
        res.end(JSON.stringify({ method: req.method, url: req.url, body, host: req.headers.host, forwardedHost: req.headers['x-forwarded-host'] }));
      });
    });
    upstream.on('upgrade', (req, socket) => {
      upgraded.add(socket);
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      socket.on('data', (data) => socket.write(`echo:${data}`));
    });
    const upstreamPort = await listening(upstream);

    app = createStaticServer({
      root,
      json: { '/runtime-config.json': () => ({ remotes: { consumer: 'http://127.0.0.1:3001/mf-manifest.json' } }) },
      proxy: { prefixes: ['/graphql', '/media/'], target: `http://127.0.0.1:${upstreamPort}` },
      csp: () => contentSecurityPolicy({ remotes: ['http://127.0.0.1:3001/mf-manifest.json'] }),
      hsts: true,
      log: () => {},
    });
    appPort = await listening(app);
    remote = createStaticServer({ root, cors: true, log: () => {} });
    remotePort = await listening(remote);
  });

  afterAll(async () => {
    for (const socket of upgraded) socket.destroy();
    for (const server of [app, remote, upstream]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('caches content-hashed files for a year and revalidates the others', async () => {
    const hashed = await request(appPort, '/main.0123456789.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const entry = await request(appPort, '/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const page = await request(appPort, '/');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toContain('<title>Popote</title>');
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await request(appPort, '/remoteEntry.js');
    const again = await request(appPort, '/remoteEntry.js', { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('gzips text for browsers that accept it', async () => {
    const res = await request(appPort, '/main.0123456789.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toContain('console.log');
  });

  it('falls back to index.html for page URLs but not for missing files', async () => {
    const page = await request(appPort, '/meals/123');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await request(appPort, '/missing.0123456789.js')).status).toBe(404);
  });

  it('never serves files outside its folder', async () => {
    const res = await request(appPort, '/..%2f..%2f..%2fetc%2fpasswd');
    expect(res.status).toBe(400);
    expect(res.body.toString()).not.toContain('root:');
  });

  it('serves JSON routes uncached', async () => {
    const res = await request(appPort, '/runtime-config.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body.toString())).toEqual({ remotes: { consumer: 'http://127.0.0.1:3001/mf-manifest.json' } });
  });

  it('sends a strict CSP naming the remotes, and refuses framing, on pages and files', async () => {
    for (const path of ['/', '/some/page', '/main.0123456789.js', '/nope.js']) {
      const { headers } = await request(appPort, path);
      const policy = String(headers['content-security-policy']);
      expect(policy, path).toContain("script-src 'self' http://127.0.0.1:3001 https://js.stripe.com");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'none'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    // A remote without the option: its own origin only, no HSTS (served over http locally).
    const remoteHeaders = (await request(remotePort, '/')).headers;
    expect(String(remoteHeaders['content-security-policy'])).toContain("script-src 'self' https://js.stripe.com");
    expect(remoteHeaders['strict-transport-security']).toBeUndefined();
  });

  it('adds CORS headers only when asked (remotes)', async () => {
    expect((await request(remotePort, '/remoteEntry.js')).headers['access-control-allow-origin']).toBe('*');
    expect((await request(appPort, '/remoteEntry.js')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('proxies /graphql and /media/ with body, cookies and forwarded host', async () => {
    const res = await request(appPort, '/graphql?x=1', { method: 'POST', headers: { 'content-type': 'application/json', host: 'popote.test' } }, '{"query":"{ meals { items { name } } }"}');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual(['session=abc; HttpOnly']);
    const echoed = JSON.parse(res.body.toString());
    expect(echoed).toMatchObject({ method: 'POST', url: '/graphql?x=1', body: '{"query":"{ meals { items { name } } }"}', forwardedHost: 'popote.test' });
    expect(JSON.parse((await request(appPort, '/media/meals/1_tajine.jpg')).body.toString()).url).toBe('/media/meals/1_tajine.jpg');
  });

  it('answers 502 with a GraphQL error when the BFF is down', async () => {
    const down = createStaticServer({ root, proxy: { prefixes: ['/graphql'], target: 'http://127.0.0.1:9' }, log: () => {} });
    const port = await listening(down);
    try {
      const res = await request(port, '/graphql', { method: 'POST' }, '{}');
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body.toString()).errors[0].message).toBe('Service momentanément indisponible');
    } finally {
      await new Promise((resolve) => down.close(resolve));
    }
  });

  it('proxies WebSocket upgrades on /graphql', async () => {
    const socket = connect(appPort, '127.0.0.1');
    const received = await new Promise((resolve, reject) => {
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk;
        if (data.includes('\r\n\r\n') && !data.includes('echo:')) socket.write('ping');
        if (data.includes('echo:ping')) resolve(data);
      });
      socket.on('error', reject);
      socket.write('GET /graphql HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    });
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 101 /);
    expect(received).toContain('echo:ping');
  });
});

describe('portFromEnv', () => {
  it('reads a port or falls back', () => {
    expect(portFromEnv(undefined, 3000)).toBe(3000);
    expect(portFromEnv('', 3000)).toBe(3000);
    expect(portFromEnv('3101', 3000)).toBe(3101);
    expect(() => portFromEnv('abc', 3000)).toThrow(/PORT/);
  });
});
