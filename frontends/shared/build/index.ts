// The build settings every frontend shares, by responsibility: the Module Federation `shared`
// section (./mf-shared.ts), the plugins that slim the Module Federation runtime
// (./mf-runtime-plugins.ts), the precompressed siblings (./compression.ts), an app's rspack
// configuration (./web-config.ts), a remote's two builds (./remote-config.ts), and the
// server-side render (./server-render.ts).
export { SOURCE_CONDITION } from './source.ts';
export { SERVER_RENDER_DIR, serverRenderConfig } from './server-render.ts';
export { SHARED_BY_CONTENT, SHARED_SINGLETONS, sharedSingletons } from './mf-shared.ts';
export { COMPRESSION_THRESHOLD, compressionPlugins } from './compression.ts';
export { bundlerRuntimeFromHost, mfErrorTextsAsCodes, mfRuntimeAsEsm } from './mf-runtime-plugins.ts';
export { createWebConfig, STANDALONE_RUNTIME, type WebConfigOptions } from './web-config.ts';
export { REMOTE_TEMPLATE, remoteConfigs, remoteMfConfig, standaloneRuntimeConfig, type RemoteConfigOptions } from './remote-config.ts';
