// @ts-check
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createStaticServer, portFromEnv } from './index.mjs';

/** @param {http.Server} server */
const listening = (server) =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port)),
  );

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
  /** @type {WebSocketServer} */ let sockets;
  /** @type {http.IncomingHttpHeaders | undefined} */ let upgradeHeaders;

  beforeAll(async () => {
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><head><title>Popote</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(root, 'mf-manifest.json'), JSON.stringify({ id: 'popote_consumer' }));
    writeFileSync(join(root, 'main.0123456789.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    writeFileSync(join(root, 'remoteEntry.js'), 'var popote_consumer;');
    // What the build precompresses: the .br/.gz siblings are sent as they are.
    const vendor = `console.log(${JSON.stringify('v'.repeat(4000))});`;
    writeFileSync(join(root, 'vendor.abcdef0123.js'), vendor);
    writeFileSync(join(root, 'vendor.abcdef0123.js.br'), brotliCompressSync(`/*br*/${vendor}`));
    writeFileSync(join(root, 'vendor.abcdef0123.js.gz'), gzipSync(`/*gz*/${vendor}`));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
    // The build's server-side render: for the app's server, never for a browser.
    mkdirSync(join(root, '.first-paint'));
    writeFileSync(join(root, '.first-paint', 'render.mjs'), 'export const renderMealsFirstPaint = () => "";');
    writeFileSync(join(root, '.env'), 'SECRET=1');

    // A stand-in BFF: echoes HTTP requests and accepts WebSocket-style upgrades.
    upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('set-cookie', 'session=abc; HttpOnly');
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            body,
            host: req.headers.host,
            forwardedHost: req.headers['x-forwarded-host'],
          }),
        );
      });
    });
    // …and a WebSocket echo, as the BFF's GraphQL subscriptions.
    sockets = new WebSocketServer({ server: upstream, handleProtocols: (protocols) => [...protocols][0] ?? false });
    sockets.on('connection', (socket, req) => {
      upgradeHeaders = req.headers;
      socket.on('message', (data) => socket.send(`echo:${data}`));
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
    sockets?.close();
    for (const server of [app, remote, upstream]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('caches content-hashed files for a year and revalidates the others', async () => {
    const hashed = await request(appPort, '/main.0123456789.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const entry = await request(appPort, '/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const manifest = await request(appPort, '/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const page = await request(appPort, '/');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toContain('<title>Popote</title>');
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await request(appPort, '/remoteEntry.js');
    const again = await request(appPort, '/remoteEntry.js', { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('compresses text on the fly for browsers that accept it: brotli first, else gzip', async () => {
    const br = await request(appPort, '/main.0123456789.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('console.log');
    const gz = await request(appPort, '/main.0123456789.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('console.log');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the precompressed .br or .gz the build made, with the immutable cache of the asset', async () => {
    const br = await request(appPort, '/vendor.abcdef0123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toMatch(/^\/\*br\*\//);
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await request(appPort, '/vendor.abcdef0123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toMatch(/^\/\*gz\*\//);
    const plain = await request(appPort, '/vendor.abcdef0123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toMatch(/^console\.log/);
    // Shared caches must keep one copy per encoding.
    for (const res of [br, gz, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it("writes a page's first paint into index.html, revalidated and compressed like the page", async () => {
    /** @type {string[]} */ const asked = [];
    const painting = createStaticServer({
      root,
      log: () => {},
      firstPaint: async (url) => {
        asked.push(`${url.pathname}${url.search}`);
        if (url.pathname === '/meals')
          return {
            head: '<style id="fp">.x{}</style>',
            body: `<div id="pp-first-paint"><h1>Plats disponibles</h1>${'<p>Tajine</p>'.repeat(200)}</div>`,
          };
        if (url.pathname === '/broken') throw new Error('BFF down');
        return undefined;
      },
    });
    const port = await listening(painting);
    try {
      const res = await request(port, '/meals', { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(res.body).toString();
      expect(html).toContain('<style id="fp">.x{}</style></head>');
      expect(html).toContain('<div id="pp-first-paint"><h1>Plats disponibles</h1><p>Tajine</p>');
      expect(html).toContain('<p>Tajine</p></div><div id="root"></div></body></html>');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      // Nothing for that URL, or the first paint failed: the plain page, as before.
      for (const path of ['/cart', '/broken']) {
        const plain = await request(port, path);
        expect(plain.status, path).toBe(200);
        expect(plain.body.toString(), path).toBe(
          '<!doctype html><html><head><title>Popote</title></head><body><div id="root"></div></body></html>',
        );
      }
      // Files are never pages: no first paint asked for them.
      await request(port, '/main.0123456789.js');
      expect(asked).toEqual(['/meals', '/cart', '/broken']);
    } finally {
      painting.closeAllConnections();
      await new Promise((resolve) => painting.close(resolve));
    }
  });

  it('falls back to index.html for page URLs but not for missing files', async () => {
    const page = await request(appPort, '/meals/123');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await request(appPort, '/missing.0123456789.js')).status).toBe(404);
  });

  it('answers 405 to a method other than GET or HEAD outside the proxied paths', async () => {
    const res = await request(appPort, '/meals', { method: 'POST' }, '{}');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('never serves a file or folder whose name starts with a dot (the server-side render)', async () => {
    expect((await request(appPort, '/.first-paint/render.mjs')).status).toBe(404);
    // (`/.env` has no file extension: a page URL, answered with index.html.)
    for (const path of ['/.first-paint/render.mjs', '/.env', '/.first-paint/']) {
      const res = await request(appPort, path);
      expect(res.body.toString(), path).not.toContain('renderMealsFirstPaint');
      expect(res.body.toString(), path).not.toContain('SECRET');
    }
    expect((await request(appPort, '/assets/logo.svg')).status).toBe(200);
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
    const res = await request(
      appPort,
      '/graphql?x=1',
      { method: 'POST', headers: { 'content-type': 'application/json', host: 'popote.test' } },
      '{"query":"{ meals { items { name } } }"}',
    );
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual(['session=abc; HttpOnly']);
    const echoed = JSON.parse(res.body.toString());
    expect(echoed).toMatchObject({
      method: 'POST',
      url: '/graphql?x=1',
      body: '{"query":"{ meals { items { name } } }"}',
      forwardedHost: 'popote.test',
    });
    expect(JSON.parse((await request(appPort, '/media/meals/1_tajine.jpg')).body.toString()).url).toBe('/media/meals/1_tajine.jpg');
  });

  it('streams a large upload (a meal picture) to the BFF untouched', async () => {
    const picture = Buffer.alloc(6 * 1024 * 1024, 7).toString('latin1');
    const res = await request(
      appPort,
      '/media/meals',
      { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(picture.length) } },
      picture,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).body.length).toBe(picture.length);
  });

  it('answers 502 with a GraphQL error when the BFF is down', async () => {
    const down = createStaticServer({ root, proxy: { prefixes: ['/graphql'], target: 'http://127.0.0.1:9' }, log: () => {} });
    const port = await listening(down);
    try {
      const res = await request(port, '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' } }, '{}');
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body.toString()).errors[0].message).toBe('Service momentanément indisponible');
    } finally {
      await new Promise((resolve) => down.close(resolve));
    }
  });

  it('proxies WebSocket upgrades on /graphql, with the cookies and the sub-protocol', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${appPort}/graphql`, 'graphql-transport-ws', { headers: { cookie: 'session=abc' } });
    const received = await new Promise((resolve, reject) => {
      socket.on('open', () => socket.send('ping'));
      socket.on('message', (data) => resolve(String(data)));
      socket.on('error', reject);
    });
    expect(socket.protocol).toBe('graphql-transport-ws');
    socket.close();
    expect(received).toBe('echo:ping');
    expect(upgradeHeaders?.cookie).toBe('session=abc');
    expect(upgradeHeaders?.['x-forwarded-for']).toBe('127.0.0.1');
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
