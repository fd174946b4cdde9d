import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@popote/build';
import { mfConfig } from './module-federation.config.ts';

export default createWebConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'popote_consumer',
  publicPath: 'auto',
  title: 'Popote (consommateur, autonome)',
  mf: mfConfig,
});
