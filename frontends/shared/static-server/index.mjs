// @ts-check
/**
 * Small static file server shared by the Popote frontends (shell and remotes).
 *
 * - serves a build folder, with an SPA fallback to index.html for page URLs;
 * - caches content-hashed files for a year and revalidates everything else
 *   (index.html, remoteEntry.js, mf-manifest.json, runtime-config.json);
 * - gzips text responses the browser accepts gzip for (kept in memory, the builds are small);
 * - optional CORS for remotes, whose manifest and chunks the shell fetches cross-origin;
 * - optional JSON routes (runtime-config.json built from the environment);
 * - optional reverse proxy of path prefixes (HTTP and WebSocket upgrades),
 *   so the browser sees one origin for the app, /graphql and /media;
 * - browser security headers on everything it serves itself: a Content-Security-Policy (the
 *   caller's, see `contentSecurityPolicy`), no framing, HSTS when asked (production), a strict
 *   referrer policy, no powerful features. Written here rather than with helmet because the
 *   frontends' runtime image installs no npm package at all (see frontends/Dockerfile).
 *
 * Plain node:http on purpose: no framework, nothing to keep patched.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const MIME = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
});

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);
/** `main.3f9a1c2b7e.js`: the build puts a 10-hex content hash before the extension. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * @typedef {object} ProxyOptions
 * @property {string[]} prefixes  path prefixes forwarded to `target`, e.g. ['/graphql', '/media/']
 * @property {string} target      origin to forward to, e.g. http://127.0.0.1:4000
 */

/**
 * @typedef {object} StaticServerOptions
 * @property {string} root                         folder to serve (a build's dist/)
 * @property {boolean} [spa=true]                  page URLs without a file fall back to index.html
 * @property {boolean} [cors=false]                add Access-Control-Allow-Origin: * (remotes)
 * @property {Record<string, () => unknown>} [json] extra JSON routes, computed per request, never cached
 * @property {ProxyOptions} [proxy]                reverse-proxied path prefixes
 * @property {() => string} [csp]                  the Content-Security-Policy, computed per request
 * @property {boolean} [hsts=false]                Strict-Transport-Security (behind HTTPS: production)
 * @property {(line: string) => void} [log]        request errors go here (default: stderr)
 */

/**
 * @param {StaticServerOptions} options
 * @returns {http.Server}
 */
export function createStaticServer(options) {
  const root = resolve(options.root);
  const spa = options.spa ?? true;
  const cors = options.cors ?? false;
  const json = options.json ?? {};
  const proxy = options.proxy;
  const csp = options.csp ?? (() => contentSecurityPolicy());
  const hsts = options.hsts ?? false;
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  /** @type {Map<string, { mtimeMs: number; body: Buffer }>} */
  const gzipCache = new Map();

  /** @param {string} pathname */
  const isProxied = (pathname) =>
    !!proxy && proxy.prefixes.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));

  /**
   * @param {http.ServerResponse} res
   * @param {Record<string, string>} headers
   */
  const commonHeaders = (res, headers = {}) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', csp());
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (hsts) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {number} status
   * @param {string} message
   */
  const sendText = (req, res, status, message) => {
    commonHeaders(res, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.statusCode = status;
    res.end(req.method === 'HEAD' ? undefined : message);
  };

  /**
   * Resolves a URL path to a file inside root, or null when it is outside or absent.
   * @param {string} pathname
   */
  const findFile = async (pathname) => {
    const candidate = normalize(join(root, pathname));
    if (candidate !== root && !candidate.startsWith(root + sep)) return null;
    try {
      const info = await stat(candidate);
      if (info.isFile()) return { path: candidate, info };
      if (info.isDirectory()) {
        const index = join(candidate, 'index.html');
        const indexInfo = await stat(index);
        if (indexInfo.isFile()) return { path: index, info: indexInfo };
      }
    } catch {
      // not found: handled by the caller
    }
    return null;
  };

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {{ path: string; info: import('node:fs').Stats }} file
   */
  const sendFile = async (req, res, file) => {
    const ext = extname(file.path).toLowerCase();
    const etag = `W/"${file.info.size.toString(16)}-${Math.floor(file.info.mtimeMs).toString(16)}"`;
    commonHeaders(res, {
      'Content-Type': MIME[ext] ?? 'application/octet-stream',
      'Cache-Control': HASHED.test(file.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: etag,
      'Last-Modified': file.info.mtime.toUTCString(),
    });
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (COMPRESSIBLE.has(ext)) res.setHeader('Vary', 'Accept-Encoding');
    if (acceptsGzip && COMPRESSIBLE.has(ext) && file.info.size > 1024) {
      let cached = gzipCache.get(file.path);
      if (!cached || cached.mtimeMs !== file.info.mtimeMs) {
        cached = { mtimeMs: file.info.mtimeMs, body: gzipSync(await readFile(file.path), { level: 9 }) };
        gzipCache.set(file.path, cached);
      }
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', cached.body.length);
      res.end(req.method === 'HEAD' ? undefined : cached.body);
      return;
    }
    res.setHeader('Content-Length', file.info.size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file.path).pipe(res);
  };

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  const forward = (req, res) => {
    if (!proxy) return;
    const target = new URL(req.url ?? '/', proxy.target);
    const client = target.protocol === 'https:' ? https : http;
    const upstream = client.request(
      target,
      { method: req.method, headers: forwardedHeaders(req, target) },
      (upstreamRes) => {
        const headers = { ...upstreamRes.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        res.writeHead(upstreamRes.statusCode ?? 502, headers);
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      log(`proxy ${req.method} ${req.url} → ${proxy.target}: ${error.message}`);
      if (res.headersSent) {
        res.destroy(error);
        return;
      }
      const graphql = (req.url ?? '').startsWith('/graphql');
      commonHeaders(res, {
        'Content-Type': graphql ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.statusCode = 502;
      res.end(
        graphql
          ? JSON.stringify({ errors: [{ message: 'Service momentanément indisponible', extensions: { code: 'BAD_GATEWAY' } }] })
          : 'Service momentanément indisponible',
      );
    });
    // A browser that gives up (navigation, abort) should not leave the upstream call running.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) sendText(req, res, 500, 'Erreur interne');
      else res.destroy();
    });
  });

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      sendText(req, res, 400, 'Requête invalide');
      return;
    }
    // Also covers encoded traversal (%2e%2e, %2f), decoded just above.
    if (pathname.includes('\0') || pathname.split(/[\\/]/).includes('..')) {
      sendText(req, res, 400, 'Requête invalide');
      return;
    }

    if (isProxied(url.pathname)) {
      forward(req, res);
      return;
    }

    if (req.method === 'OPTIONS' && cors) {
      commonHeaders(res, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Max-Age': '86400',
      });
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendText(req, res, 405, 'Méthode non autorisée');
      return;
    }

    const jsonRoute = json[pathname];
    if (jsonRoute) {
      commonHeaders(res, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.statusCode = 200;
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(jsonRoute()));
      return;
    }

    const file = await findFile(pathname);
    if (file) {
      await sendFile(req, res, file);
      return;
    }

    // Page URLs (no file extension) are the SPA's routes; a missing asset stays a 404
    // so a broken chunk URL fails loudly instead of receiving HTML.
    if (spa && extname(pathname) === '') {
      const index = await findFile('/index.html');
      if (index) {
        await sendFile(req, res, index);
        return;
      }
    }
    sendText(req, res, 404, 'Introuvable');
  }

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!proxy || !isProxied(url.pathname)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const target = new URL(req.url ?? '/', proxy.target);
    const client = target.protocol === 'https:' ? https : http;
    const headers = forwardedHeaders(req, target);
    headers.connection = 'Upgrade';
    headers.upgrade = String(req.headers.upgrade ?? 'websocket');
    const upstream = client.request(target, { method: req.method, headers });
    upstream.on('upgrade', (upstreamRes, upstreamSocket, upstreamHead) => {
      const lines = [`HTTP/1.1 ${upstreamRes.statusCode ?? 101} ${upstreamRes.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i < upstreamRes.rawHeaders.length; i += 2) {
        lines.push(`${upstreamRes.rawHeaders[i]}: ${upstreamRes.rawHeaders[i + 1]}`);
      }
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upstreamHead.length > 0) socket.write(upstreamHead);
      if (head.length > 0) upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
      // Either side going away takes the other with it.
      upstreamSocket.on('error', () => socket.destroy());
      upstreamSocket.on('close', () => socket.destroy());
      socket.on('error', () => upstreamSocket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
    });
    upstream.on('response', (upstreamRes) => {
      // The target refused the upgrade: relay its answer and close.
      socket.end(`HTTP/1.1 ${upstreamRes.statusCode ?? 502} ${upstreamRes.statusMessage ?? ''}\r\nConnection: close\r\n\r\n`);
      upstreamRes.resume();
    });
    upstream.on('error', (error) => {
      log(`proxy upgrade ${req.url} → ${proxy.target}: ${error.message}`);
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
    });
    upstream.end();
  });

  return server;
}

/** Features no page of Popote uses (payment stays for Stripe's card form). */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), midi=(), display-capture=()';

/** Stripe.js (the card form, when Stripe is the provider): its script, frames and API. */
const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };

/**
 * A strict Content-Security-Policy for a Popote page: no inline or evaluated script; scripts, styles
 * and fonts from this origin and the Module Federation remotes' origins (their manifests, entries
 * and chunks); data from this origin (GraphQL over HTTP and WebSocket, /media); the service worker
 * and the manifest from this origin; no plugins, no framing, no <base>, forms post here only.
 * Styles allow inline `<style>` (the toast library writes one); scripts never do.
 * @param {{ remotes?: string[] }} [options]  URLs of the remotes (any URL on their origin)
 * @returns {string}
 */
export function contentSecurityPolicy({ remotes = [] } = {}) {
  const origins = [...new Set(remotes.map((url) => new URL(url).origin))];
  const self = ["'self'", ...origins];
  /** @type {Record<string, string[]>} */
  const directives = {
    'default-src': ["'self'"],
    'script-src': [...self, ...STRIPE.script],
    'style-src': [...self, "'unsafe-inline'"],
    // Cooks' avatars may be any https picture (images run no code).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...origins],
    'font-src': self,
    'connect-src': [...self, ...STRIPE.connect],
    'frame-src': STRIPE.frame,
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Request headers for the upstream: the original ones minus hop-by-hop,
 * plus the X-Forwarded-* trio so the BFF knows the public origin.
 * @param {http.IncomingMessage} req
 * @param {URL} target
 * @returns {http.OutgoingHttpHeaders}
 */
function forwardedHeaders(req, target) {
  /** @type {http.OutgoingHttpHeaders} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const remote = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${prior}, ${remote}` : remote;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  headers.host = target.host;
  return headers;
}

/**
 * Starts listening and resolves once bound; logs the URL and closes cleanly on SIGINT/SIGTERM.
 * @param {http.Server} server
 * @param {{ port: number; host: string; name: string }} where
 * @returns {Promise<http.Server>}
 */
export function listen(server, { port, host, name }) {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const shown = address && typeof address === 'object' ? `${address.address}:${address.port}` : `${host}:${port}`;
      process.stdout.write(`${name} listening on http://${shown}\n`);
      const stop = () => {
        server.close(() => process.exit(0));
        server.closeAllConnections();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      resolvePromise(server);
    });
  });
}

/**
 * Reads a TCP port from the environment.
 * @param {string | undefined} value
 * @param {number} fallback
 */
export function portFromEnv(value, fallback) {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}
