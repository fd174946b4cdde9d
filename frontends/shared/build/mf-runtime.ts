/**
 * A remote's standalone page (its own index.html, without the shell): the remote is built with
 * `externalRuntime` and expects the host to provide the Module Federation runtime. Alone, this
 * script is that host: loaded before main.js, it provides the same runtime the shell would.
 */
import * as runtimeCore from '@module-federation/runtime-core';
import { provideBundlerRuntime } from './bundler-runtime.ts';

const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: unknown };
global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
global._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'popote-standalone', version: 'workspace' };
// And the bundler runtime the remote takes from its host (./bundler-runtime.ts).
provideBundlerRuntime();
