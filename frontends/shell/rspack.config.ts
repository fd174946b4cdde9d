import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@popote/build';
import { mfConfig } from './module-federation.config.ts';

export default createWebConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'popote_shell',
  publicPath: '/',
  title: 'Popote : plats faits maison près de chez vous',
  mf: mfConfig,
});
