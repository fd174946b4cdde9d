// @ts-check
// The real builds (./popote builds before testing): every text asset the browser downloads has
// brotli and gzip siblings made at build time that decompress to the very file, and the static
// server sends them by Accept-Encoding with the right cache rule.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from './index.mjs';

const frontends = fileURLToPath(new URL('../../', import.meta.url));
const TEXT = /\.(js|css|json|svg|webmanifest)$/;

/** @param {string} dist */
const assets = (dist) => readdirSync(dist).filter((name) => TEXT.test(name) && statSync(join(dist, name)).isFile());

describe.each(['shell', 'consumer', 'cook', 'ops'])('the %s build', (app) => {
  const dist = join(frontends, app, 'dist');

  it('has a .br and a .gz of every script and stylesheet over 1 KiB, equal to the file', () => {
    expect(existsSync(dist), `${dist} (build first: ./popote test builds)`).toBe(true);
    const big = assets(dist).filter((name) => /\.(js|css)$/.test(name) && statSync(join(dist, name)).size > 1024);
    expect(big.length).toBeGreaterThan(3);
    for (const name of big) {
      const file = readFileSync(join(dist, name));
      expect(existsSync(join(dist, `${name}.br`)), `${name}.br`).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(dist, `${name}.br`))).equals(file), `${name}.br`).toBe(true);
      expect(gunzipSync(readFileSync(join(dist, `${name}.gz`))).equals(file), `${name}.gz`).toBe(true);
    }
    // Source maps are for developers: not precompressed.
    expect(readdirSync(dist).some((name) => name.endsWith('.map.br'))).toBe(false);
  });
});

describe('the shell and consumer builds served', () => {
  /** @type {http.Server[]} */ const servers = [];
  /** @type {Record<string, number>} */ const ports = {};

  beforeAll(async () => {
    for (const app of ['shell', 'consumer']) {
      const server = createStaticServer({ root: join(frontends, app, 'dist'), cors: app !== 'shell', log: () => {} });
      servers.push(server);
      ports[app] = await new Promise((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port)),
      );
    }
  });
  afterAll(async () => {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  /**
   * @param {string} app
   * @param {string} path
   * @param {string} encoding
   * @returns {Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>}
   */
  const get = (app, path, encoding) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: ports[app], path, headers: { 'accept-encoding': encoding } }, (res) => {
          /** @type {Buffer[]} */ const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('sends the main script as brotli, gzip or as is by Accept-Encoding, cached for good', async () => {
    const main = readdirSync(join(frontends, 'shell', 'dist')).find((name) => /^main\.[0-9a-f]{10}\.js$/.test(name));
    expect(main).toBeDefined();
    const file = readFileSync(join(frontends, 'shell', 'dist', String(main)));
    const br = await get('shell', `/${main}`, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
    // Exactly the build's file, not a compression made per request.
    expect(br.body.equals(readFileSync(join(frontends, 'shell', 'dist', `${main}.br`)))).toBe(true);
    const gz = await get('shell', `/${main}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(join(frontends, 'shell', 'dist', `${main}.gz`)))).toBe(true);
    const identity = await get('shell', `/${main}`, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(file)).toBe(true);
    for (const res of [br, gz, identity]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it("revalidates the remote's unhashed entry and manifest, precompressed too", async () => {
    for (const path of ['/remoteEntry.js', '/mf-manifest.json']) {
      const res = await get('consumer', path, 'br');
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.etag, path).toBeTruthy();
      expect(res.headers['access-control-allow-origin'], path).toBe('*');
    }
  });
});

/**
 * What the first page does not download (ADR 0012), checked on the real builds:
 * the runtime's manifest ("snapshot") code, the runtime's English error descriptions, and the
 * use-sync-external-store shim (React 19 has the hook).
 */
describe('the production builds leave out', () => {
  /** @param {string} app @param {RegExp} name */
  const script = (app, name) => {
    const file = readdirSync(join(frontends, app, 'dist')).find((entry) => name.test(entry));
    expect(file, `${app}: ${name}`).toBeDefined();
    return readFileSync(join(frontends, app, 'dist', String(file)), 'utf8');
  };

  it("the shell runtime's code that reads remote manifests (remotes are registered by remoteEntry.js)", () => {
    const main = script('shell', /^main\.[0-9a-f]{10}\.js$/);
    // The Module Federation runtime is there (it registers and loads remotes)...
    expect(main).toContain('registerRemotes');
    // ...without its snapshot plugin, which fetched mf-manifest.json.
    expect(main).not.toContain('snapshot-plugin');
  });

  it("the Module Federation runtime's error descriptions (codes and documentation links stay)", () => {
    for (const [app, name] of /** @type {const} */ ([
      ['shell', /^main\.[0-9a-f]{10}\.js$/],
      ['consumer', /^remoteEntry\.js$/],
      ['cook', /^remoteEntry\.js$/],
      ['ops', /^remoteEntry\.js$/],
    ])) {
      const code = script(app, name);
      expect(code, app).not.toContain('Failed to get remoteEntry exports');
      expect(code, app).toContain('Module Federation error (see the code and the link)');
    }
  });

  it('the use-sync-external-store shim (wouter gets the hook from React)', () => {
    const dist = join(frontends, 'shell', 'dist');
    const sources = readdirSync(dist)
      .filter((name) => name.endsWith('.js.map'))
      .flatMap((name) => /** @type {{ sources: string[] }} */ (JSON.parse(readFileSync(join(dist, name), 'utf8'))).sources);
    expect(sources.some((source) => source.includes('node_modules/wouter/'))).toBe(true);
    expect(sources.filter((source) => source.includes('use-sync-external-store/'))).toEqual([]);
  });

  it("the bundler runtime from the remotes: they take the page's (ADR 0012)", () => {
    // A text of @module-federation/webpack-bundler-runtime's `init` that minification keeps.
    const mark = 'initOptions is required!';
    expect(script('shell', /^main\.[0-9a-f]{10}\.js$/)).toContain(mark);
    for (const app of ['consumer', 'cook', 'ops']) {
      expect(script(app, /^remoteEntry\.js$/), app).not.toContain(mark);
      expect(script(app, /^remoteEntry\.js$/), app).toContain('_POPOTE_MF_BUNDLER_RUNTIME');
      // The remote's standalone page gets it from its own mf-runtime.js.
      expect(script(app, /^mf-runtime\.js$/), app).toContain(mark);
    }
  });

  it('React, its DOM renderer and their entry points in one chunk (not one each)', () => {
    const dist = join(frontends, 'shell', 'dist');
    /** @type {Map<string, string[]>} */ const chunksOf = new Map();
    for (const name of readdirSync(dist).filter((entry) => entry.endsWith('.js.map'))) {
      const { sources } = /** @type {{ sources: string[] }} */ (JSON.parse(readFileSync(join(dist, name), 'utf8')));
      for (const source of sources) {
        const pkg = source.match(/node_modules\/(react|react-dom|scheduler)\//)?.[1];
        if (pkg) chunksOf.set(pkg, [...new Set([...(chunksOf.get(pkg) ?? []), name])]);
      }
    }
    expect([...chunksOf.keys()].sort()).toEqual(['react', 'react-dom', 'scheduler']);
    expect([...new Set([...chunksOf.values()].flat())]).toEqual([expect.stringMatching(/^react\.[0-9a-f]{10}\.js\.map$/)]);
  });
});
