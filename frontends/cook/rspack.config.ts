import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@popote/build';
import { mfConfig } from './module-federation.config.ts';

export default createWebConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'popote_cook',
  publicPath: 'auto',
  title: 'Popote (cuisinier, autonome)',
  mf: mfConfig,
});
