import { sharedSingletons } from '@popote/build';
import pkg from './package.json' with { type: 'json' };

/**
 * The consumer remote. Hosts load mf-manifest.json (publicPath "auto": the
 * chunks are fetched next to the manifest, wherever this build is deployed).
 */
export const mfConfig = {
  filename: 'remoteEntry.js',
  exposes: {
    './App': './src/expose/App.tsx',
  },
  shared: sharedSingletons(pkg),
  manifest: true,
  experiments: {
    // This remote consumes no other remote and is loaded by manifest by the
    // host's runtime, so its own runtime needs neither remote loading nor snapshots.
    optimization: { target: 'web' as const, disableRemote: true, disableSnapshot: true },
    // No Module Federation runtime of its own: the host's (provideExternalRuntime) serves the page.
    // The standalone page loads mf-runtime.js first instead (see @popote/build).
    externalRuntime: true,
  },
};
