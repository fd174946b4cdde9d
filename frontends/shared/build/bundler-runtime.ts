/**
 * One Module Federation bundler runtime per page (ADR 0012).
 *
 * Every container's runtime module copies the fields of `@module-federation/webpack-bundler-runtime`
 * into its own `__webpack_require__.federation`. Its functions (`consumes`, `I`, `init`,
 * `installInitialConsumes`, `initContainerEntry`, ...) take the container's `webpackRequire` as an
 * argument, so one copy serves every container; only its two objects, the share scopes (`S`) and
 * `bundlerRuntimeOptions`, hold a container's state, and `runtime` is the container's own. The
 * host (and a remote's standalone runtime) publishes a factory of fresh copies; the remotes, built
 * with `externalRuntime`, take theirs from it instead of bundling the package again
 * (./bundler-runtime-from-host.ts), as they already take the runtime core
 * (`_FEDERATION_RUNTIME_CORE`).
 */
import federation from '@module-federation/webpack-bundler-runtime';
// The host exposes nothing, so its build leaves this out of `bundlerRuntime`; remotes need it.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_GLOBAL } from './bundler-runtime-global.ts';

type Federation = typeof federation;

/**
 * A container's own copy: shared functions, its own state, and its own `@module-federation/runtime`
 * (that small module is per build: it finds the container's instance by the build's identifier).
 */
function createFederation(runtime: Federation['runtime'] = federation.runtime): Federation {
  return {
    ...federation,
    runtime,
    instance: undefined,
    initOptions: undefined,
    bundlerRuntime: { ...federation.bundlerRuntime, initContainerEntry, S: {} } as Federation['bundlerRuntime'],
    bundlerRuntimeOptions: {},
  };
}

/** Publishes the factory (the first runtime of the page wins, as for the runtime core). */
export function provideBundlerRuntime(): void {
  const global = globalThis as Record<string, unknown>;
  global[BUNDLER_RUNTIME_GLOBAL] ??= createFederation;
}

/** The host's runtime plugin: publishes the factory when its runtime module runs, before any remote loads. */
export default function provideBundlerRuntimePlugin() {
  provideBundlerRuntime();
  return { name: 'popote-provide-bundler-runtime' };
}
