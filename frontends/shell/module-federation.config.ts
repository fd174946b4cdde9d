import { sharedSingletons } from '@popote/build';
import pkg from './package.json' with { type: 'json' };

/**
 * The shell is a host only: it declares no remotes at build time. Their
 * entry URLs (remoteEntry.js) come from /runtime-config.json and are registered with the
 * MF runtime when the page starts (see src/remotes/remote-registry.ts).
 */
export const mfConfig = {
  remotes: {},
  shared: sharedSingletons(pkg),
  // A host has nothing to publish; skip the manifest.
  manifest: false,
  experiments: {
    // Browser only: drop the runtime's Node.js loading paths. No snapshot: remotes are registered
    // by their remoteEntry.js (runtime-config.json), so the code that reads mf-manifest.json and
    // preloads from it is left out (−1.5 KiB gzip on every page, ADR 0012).
    optimization: { target: 'web' as const, disableSnapshot: true },
    // The page's one Module Federation runtime: the remotes are built without theirs
    // (externalRuntime) and use this one (globalThis._FEDERATION_RUNTIME_CORE).
    provideExternalRuntime: true,
  },
};
