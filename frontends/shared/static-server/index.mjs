// @ts-check
/**
 * The static server shared by the Popote frontends (shell and remotes), on Fastify and its
 * maintained plugins: the serving, compression and proxying are theirs, this file only wires them.
 *
 * - serves a build folder (@fastify/static: ETag/304, ranges, no path outside the folder), with
 *   an SPA fallback to index.html for page URLs;
 * - brotli/gzip: the `.br`/`.gz` files the build made next to an asset are sent as they are
 *   (preCompressed); anything else is compressed on the fly (@fastify/compress);
 * - caches content-hashed files for a year (immutable) and revalidates everything else
 *   (index.html, remoteEntry.js, mf-manifest.json, the service worker, runtime-config.json);
 * - optional CORS for remotes, whose manifest and chunks the shell fetches cross-origin;
 * - optional JSON routes (runtime-config.json built from the environment);
 * - optional reverse proxy of path prefixes, HTTP and WebSocket (@fastify/http-proxy), so the
 *   browser sees one origin for the app, /graphql and /media;
 * - browser security headers on everything it serves itself: a Content-Security-Policy (the
 *   caller's, see `contentSecurityPolicy`), no framing, HSTS when asked (production), a strict
 *   referrer policy, no powerful features.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from './security-headers.mjs';

/** `main.3f9a1c2b7e.js` (or its `.br`/`.gz`): the build puts a 10-hex content hash before the extension. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+(\.br|\.gz)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const UNAVAILABLE = 'Service momentanément indisponible';

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
 * @property {(url: URL) => Promise<FirstPaint | undefined>} [firstPaint]
 *   what a page URL shows before its scripts run (server-inlined first paint); `undefined`, an
 *   error or a rejection serve the plain index.html
 */

/**
 * Markup written into index.html for one page URL: `head` before `</head>` (styles, preloads),
 * `body` right before `<div id="root">`. The caller escapes what it renders.
 * @typedef {object} FirstPaint
 * @property {string} [head]
 * @property {string} body
 */

/**
 * Builds the server; it answers once its plugins are loaded (requests that arrive before wait).
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
  const firstPaint = options.firstPaint;

  /** @type {Promise<unknown>} */
  let ready = Promise.resolve();
  const app = Fastify({
    logger: false,
    // A plain node:http server the caller listens on; a request waits for the plugins to be loaded.
    serverFactory: (handler) =>
      http.createServer((req, res) => {
        ready.then(
          () => handler(req, res),
          () => {
            res.statusCode = 503;
            res.end();
          },
        );
      }),
  });

  /** @param {string} pathname */
  const isProxied = (pathname) =>
    !!proxy && proxy.prefixes.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));

  /**
   * The browser security headers of whatever this server answers itself.
   * @param {import('fastify').FastifyReply} reply
   */
  const securityHeaders = (reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', csp());
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (hsts) reply.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    if (cors) {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    }
  };

  /**
   * @param {import('fastify').FastifyReply} reply
   * @param {number} status
   * @param {string} message
   */
  const sendText = (reply, status, message) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(message);

  // Paths: refuse NUL and `..` (also encoded: %2e%2e, %2f) before anything looks at them.
  app.addHook('onRequest', async (request, reply) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    } catch {
      return sendText(reply, 400, 'Requête invalide');
    }
    if (pathname.includes('\0') || pathname.split(/[\\/]/).includes('..')) return sendText(reply, 400, 'Requête invalide');
  });
  // Proxied answers keep the upstream's headers; the rest carries ours.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isProxied(request.url.split('?')[0]) || reply.statusCode === 502) securityHeaders(reply);
    return payload;
  });
  app.setErrorHandler((error, request, reply) => {
    log(`${request.method} ${request.url}: ${error instanceof Error ? error.stack : String(error)}`);
    sendText(reply, 500, 'Erreur interne');
  });

  /**
   * index.html with the page's first paint written in, or `undefined` for the plain file (no
   * first paint for this URL, or it failed: the page then renders from its scripts as usual).
   * @param {string} url
   * @returns {Promise<string | undefined>}
   */
  const pageWithFirstPaint = async (url) => {
    if (!firstPaint) return undefined;
    try {
      const paint = await firstPaint(new URL(url, 'http://localhost'));
      if (!paint) return undefined;
      const index = await readFile(join(root, 'index.html'), 'utf8');
      if (!index.includes('</head>') || !index.includes('<div id="root">')) return undefined;
      return index.replace('</head>', () => `${paint.head ?? ''}</head>`).replace('<div id="root">', () => `${paint.body}<div id="root">`);
    } catch (error) {
      log(`first paint of ${url}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  /** Registers the plugins in order; `ready` resolves when they are loaded. */
  const setup = async () => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // On the fly only for what the build did not precompress: a fast brotli level.
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    });
    if (proxy) {
      for (const prefix of proxy.prefixes) {
        const path = prefix.replace(/\/$/, '');
        // The plugin's declared type does not fit `register`'s overloads under checkJs; the options are its own.
        await app.register(/** @type {any} */ (fastifyHttpProxy), {
          upstream: proxy.target,
          prefix: path,
          rewritePrefix: path,
          // GraphQL subscriptions: the WebSocket, its cookies and sub-protocol, relayed to the BFF.
          websocket: path === '/graphql',
          wsClientOptions: {
            rewriteRequestHeaders: (/** @type {Record<string, string>} */ headers, /** @type {Forwarded} */ request) => ({
              ...headers,
              ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
              ...forwardedHeaders(request),
            }),
          },
          replyOptions: {
            rewriteRequestHeaders: (/** @type {Forwarded} */ request, /** @type {Record<string, string>} */ headers) => ({
              ...headers,
              ...forwardedHeaders(request),
            }),
            onError: (/** @type {import('fastify').FastifyReply} */ reply, /** @type {{ error: Error }} */ { error }) => {
              log(`proxy ${reply.request.method} ${reply.request.url} → ${proxy.target}: ${error.message}`);
              const graphql = reply.request.url.startsWith('/graphql');
              reply
                .code(502)
                .header('Cache-Control', 'no-store')
                .type(graphql ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8')
                .send(graphql ? JSON.stringify({ errors: [{ message: UNAVAILABLE, extensions: { code: 'BAD_GATEWAY' } }] }) : UNAVAILABLE);
            },
          },
        });
      }
    }
    for (const [path, route] of Object.entries(json)) {
      app.get(path, async (_request, reply) => {
        reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8');
        return JSON.stringify(route());
      });
    }
    if (cors) {
      app.options('*', async (_request, reply) =>
        reply
          .code(204)
          .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
          .header('Access-Control-Allow-Headers', '*')
          .header('Access-Control-Max-Age', '86400')
          .send(),
      );
    }
    await app.register(fastifyStatic, {
      root,
      // Never a file or folder whose name starts with a dot: the build keeps its server-side
      // render there (dist/.first-paint/), for this server only.
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      lastModified: true,
      etag: true,
      setHeaders: (reply, path) => reply.header('Cache-Control', HASHED.test(path) ? IMMUTABLE : 'no-cache'),
    });
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        reply.header('Allow', 'GET, HEAD');
        return sendText(reply, 405, 'Méthode non autorisée');
      }
      // Page URLs (no file extension) are the SPA's routes; a missing asset stays a 404 so a
      // broken chunk URL fails loudly instead of receiving HTML.
      const pathname = request.url.split('?')[0] ?? '/';
      if (spa && extname(pathname) === '') {
        const html = firstPaint ? await pageWithFirstPaint(request.url) : undefined;
        if (html === undefined) return reply.sendFile('index.html');
        // Per request (it holds data): revalidated, compressed on the fly, varies with the encoding.
        return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(html);
      }
      return sendText(reply, 404, 'Introuvable');
    });
    await app.ready();
  };
  ready = setup();
  ready.catch((error) => log(`static server setup failed: ${error instanceof Error ? error.stack : String(error)}`));
  return app.server;
}

/** @typedef {{ headers: http.IncomingHttpHeaders; socket: import('node:net').Socket }} Forwarded */

/**
 * X-Forwarded-For/-Host/-Proto for the upstream, so the BFF knows the client and the public origin.
 * @param {Forwarded} request
 * @returns {Record<string, string>}
 */
function forwardedHeaders(request) {
  const remote = request.socket.remoteAddress ?? '';
  const prior = request.headers['x-forwarded-for'];
  return {
    'x-forwarded-for': prior ? `${prior}, ${remote}` : remote,
    'x-forwarded-host': request.headers.host ?? '',
    'x-forwarded-proto': 'encrypted' in request.socket && request.socket.encrypted ? 'https' : 'http',
  };
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

/**
 * Serves a remote's build (consumer, cook) and starts listening: CORS (the shell fetches its
 * remoteEntry.js and chunks from another origin), and, for the remote's standalone page,
 * /graphql and /media/* proxied to the BFF. Reads BFF_URL, PORT, HOST and NODE_ENV.
 * @param {{ root: string; defaultPort: number; name: string; env?: NodeJS.ProcessEnv }} remote
 * @returns {Promise<http.Server>}
 */
export function serveRemote({ root, defaultPort, name, env = process.env }) {
  const server = createStaticServer({
    root,
    spa: true,
    cors: true,
    proxy: { prefixes: ['/graphql', '/media/'], target: env.BFF_URL || 'http://127.0.0.1:4000' },
    hsts: env.NODE_ENV === 'production',
  });
  return listen(server, { port: portFromEnv(env.PORT, defaultPort), host: env.HOST || '127.0.0.1', name });
}

export { contentSecurityPolicy };
