import { fileURLToPath } from 'node:url';
import { createWebConfig, standaloneRuntimeConfig } from '@popote/build';
import { mfConfig } from './module-federation.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// The remote (remoteEntry.js, mf-manifest.json, its standalone page), and the Module Federation
// runtime its standalone page loads (the shell provides its own).
export default [
  createWebConfig({
    root,
    name: 'popote_consumer',
    publicPath: 'auto',
    title: 'Popote (consommateur, autonome)',
    mf: mfConfig,
  }),
  standaloneRuntimeConfig(root, 'popote_consumer'),
];
