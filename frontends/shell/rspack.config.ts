import { fileURLToPath } from 'node:url';
import { createWebConfig, serverRenderConfig } from '@popote/build';
import { mfConfig } from './module-federation.config.ts';
import { pwaPlugins } from './pwa.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const config = createWebConfig({
  root,
  name: 'popote_shell',
  publicPath: '/',
  title: 'Popote : plats faits maison près de chez vous',
  mf: mfConfig,
});

// Web app manifest, icons and the service worker (see pwa.config.ts).
config.plugins = [...(config.plugins ?? []), ...pwaPlugins({ root, production: config.mode === 'production' })];

// The server-rendered first paint of /meals (src/first-paint/render.tsx), run by server.mjs.
export default [config, serverRenderConfig(root, './src/first-paint/render.tsx', 'popote_shell')];
