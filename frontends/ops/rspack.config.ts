import { fileURLToPath } from 'node:url';
import { remoteConfigs } from '@popote/build';
import pkg from './package.json' with { type: 'json' };

// The remote (remoteEntry.js, mf-manifest.json, its standalone page), and the Module Federation
// runtime its standalone page loads (the shell provides its own): see remoteConfigs.
export default remoteConfigs({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'popote_ops',
  title: 'Console Popote (opérateurs, autonome)',
  pkg,
});
