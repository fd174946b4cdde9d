// @ts-check
// Serves the shell's build, its runtime configuration and, on the same origin,
// the BFF's /graphql (HTTP + WebSocket), /media/* (meal pictures) and /alertes/* (the alert
// emails' unsubscribe links). The service
// worker (dist/sw.js) and the web app manifest are plain files of the build.
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy, createStaticServer, listen, portFromEnv } from '@popote/static-server';
import { firstPaintOf, loadMealsFirstPaint } from '@popote/static-server/meals-first-paint';

const env = process.env;
const bffUrl = env.BFF_URL || 'http://127.0.0.1:4000';
/** How long a page waits for the BFF's first meals before it is served without them (ms; 0: never). */
const firstPaintTimeoutMs = Number(env.FIRST_PAINT_TIMEOUT_MS || 300);

/**
 * Where the browser finds each remote, and the support address the footer and the
 * contact page show: read at request time, so a redeploy of a remote (or a new address)
 * needs no shell rebuild.
 */
const runtimeConfig = () => ({
  remotes: {
    consumer: env.CONSUMER_ENTRY_URL || 'http://127.0.0.1:3001/remoteEntry.js',
    cook: env.COOK_ENTRY_URL || 'http://127.0.0.1:3002/remoteEntry.js',
    // The operators' console: the page fetches it only once an operator is signed in.
    ops: env.OPS_ENTRY_URL || 'http://127.0.0.1:3003/remoteEntry.js',
  },
  contactEmail: env.CONTACT_EMAIL || 'contact@popote.fr',
});

// The page loads a remote by its remoteEntry.js: the shell's Module Federation runtime is built
// without the code that reads an mf-manifest.json (ADR 0012). A manifest URL (or the
// variables' former names) would only fail in the browser, on the first remote page: refuse now.
for (const former of ['CONSUMER_MANIFEST_URL', 'COOK_MANIFEST_URL']) {
  if (env[former]) {
    throw new Error(`${former} is no longer read: set ${former.replace('MANIFEST', 'ENTRY')} to the remote's remoteEntry.js URL`);
  }
}
for (const [remote, url] of Object.entries(runtimeConfig().remotes)) {
  if (!/\.js$/.test(new URL(url, 'http://localhost/').pathname)) {
    throw new Error(`${remote}: ${url} is not a remote entry (…/remoteEntry.js), see docs/deployment.md`);
  }
}

/**
 * The real meal cards of /meals' first paint, rendered on this server: src/first-paint/render.tsx,
 * built with the app into dist/.first-paint/ (a dot folder, which the static server never serves).
 * Without it (a build without its server render) the pages are served as they are, and it is said.
 */
const renderMeals =
  firstPaintTimeoutMs > 0
    ? await loadMealsFirstPaint(fileURLToPath(new URL('./dist/.first-paint', import.meta.url))).catch((error) => {
        process.stderr.write(`first paint of /meals disabled: ${error instanceof Error ? error.message : String(error)}\n`);
        return undefined;
      })
    : undefined;

const server = createStaticServer({
  root: fileURLToPath(new URL('./dist', import.meta.url)),
  spa: true,
  json: { '/runtime-config.json': runtimeConfig },
  // /alertes/: the alert emails' one-click unsubscribe (RFC 8058), answered by the BFF.
  proxy: { prefixes: ['/graphql', '/media/', '/alertes/'], target: bffUrl },
  // Scripts only from here and the remotes the runtime configuration names.
  csp: () => contentSecurityPolicy({ remotes: Object.values(runtimeConfig().remotes) }),
  hsts: env.NODE_ENV === 'production',
  // /meals arrives with its first cards (public data from the BFF's cache), see @popote/static-server/meals-first-paint.mjs.
  firstPaint: renderMeals
    ? (url) =>
        firstPaintOf(url, {
          bffUrl,
          timeoutMs: firstPaintTimeoutMs,
          render: renderMeals,
          log: (line) => process.stderr.write(`${line}\n`),
        })
    : undefined,
});

await listen(server, {
  port: portFromEnv(env.PORT, 3000),
  host: env.HOST || '127.0.0.1',
  name: `shell (BFF ${bffUrl})`,
});
