/**
 * What a remote built with `externalRuntime` bundles in place of
 * `@module-federation/webpack-bundler-runtime`: its own copy, made by the page's runtime
 * (./bundler-runtime.ts: the shell's, or mf-runtime.js on the remote's standalone page).
 */
import * as runtime from '@module-federation/runtime';
import { BUNDLER_RUNTIME_GLOBAL } from './bundler-runtime-global.ts';

const create = (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL];
if (typeof create !== 'function') {
  throw new Error(`Module Federation : la page hôte ne fournit pas son moteur (${BUNDLER_RUNTIME_GLOBAL}).`);
}
// This build's own runtime module: it knows this container's build identifier.
export default (create as (own: typeof runtime) => unknown)(runtime);
