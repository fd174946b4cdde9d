import { join } from 'node:path';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { GenerateSW } from 'workbox-webpack-plugin';

/**
 * The installable-app part of the shell's build:
 * - `public/` (web app manifest, icons) copied as is to dist/;
 * - `sw.js`, a Workbox service worker (production builds only) that
 *   - precaches the shell's own files (hashed JS/CSS, icons, manifest), so the shell opens offline;
 *   - answers page loads network-first, falling back to the last shell page it saw;
 *   - shows the pushes of the alerts as notifications and opens their page on a click (public/sw-push.js);
 *   - leaves everything else to the network: `/graphql` (data, mutations), `/media/*`, `/alertes/*`,
 *     `/runtime-config.json` and every cross-origin request, in particular the remotes'
 *     manifests and chunks (each remote ships on its own; its files must never be served
 *     stale by the shell's worker).
 */
export function pwaPlugins({ root, production }: { root: string; production: boolean }): RspackPluginInstance[] {
  const plugins: RspackPluginInstance[] = [new rspack.CopyRspackPlugin({ patterns: [{ from: join(root, 'public'), to: '.' }] })];
  if (!production) return plugins;
  const sw = new GenerateSW({
    swDest: 'sw.js',
    mode: 'production',
    sourcemap: false,
    // One file, served with no-cache like index.html (see @popote/static-server).
    inlineWorkboxRuntime: true,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    cacheId: 'popote-shell',
    // The Web Push handlers (public/sw-push.js): an alert shown as a notification, its click opening the page.
    importScripts: ['/sw-push.js'],
    // Pages are network-first below; source maps are for developers; the config is per request;
    // the .br/.gz siblings are the same files, which the browser asks for by Accept-Encoding.
    exclude: [/\.map$/, /\.html$/, /runtime-config\.json$/, /\.LICENSE\.txt$/, /\.(br|gz)$/],
    // Content-hashed names are their own version.
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\.\w+$/,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: undefined,
    runtimeCaching: [
      {
        // Page loads of the shell's own origin (every URL is the same index.html).
        // The function is copied into sw.js as source: no closure, no type annotation.
        urlPattern: ({ request, sameOrigin, url }) =>
          sameOrigin &&
          request.mode === 'navigate' &&
          !url.pathname.startsWith('/graphql') &&
          !url.pathname.startsWith('/media/') &&
          // The alert emails' unsubscribe link: the BFF's redirect, never kept as the shell page.
          !url.pathname.startsWith('/alertes/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'popote-pages',
          // One entry whatever the URL: offline, any page opens the last shell seen.
          plugins: [{ cacheKeyWillBeUsed: async () => '/index.html' }],
        },
      },
    ],
  });
  // Workbox's webpack plugin drives rspack through the same compilation hooks.
  plugins.push(sw as unknown as RspackPluginInstance);
  return plugins;
}
