import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { besideThis } from './package-files.ts';

export type MfOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/** Whether this build uses the host's Module Federation runtime instead of its own. */
const experiment = (mf: MfOptions, name: 'externalRuntime' | 'provideExternalRuntime') =>
  (mf.experiments as Record<string, unknown> | undefined)?.[name] === true;
export const usesExternalRuntime = (mf: MfOptions) => experiment(mf, 'externalRuntime');

/** Whether this build is the page's runtime for remotes built with `externalRuntime`. */
export const providesExternalRuntime = (mf: MfOptions) => experiment(mf, 'provideExternalRuntime');

/**
 * The Module Federation plugins hand rspack the CommonJS builds of their runtime packages (they
 * resolve them with `require.resolve`, and alias `@module-federation/runtime` to its `.cjs`), and
 * CommonJS is not tree-shaken: every build shipped the whole SDK and bundler runtime. Their ES
 * module builds sit beside them (`x.cjs` → `x.js`, same version, same code); this swaps each such
 * request, before it is resolved, for the ES module so that only what the runtime calls is kept.
 */
const MF_RUNTIME_PACKAGES =
  'webpack-bundler-runtime|runtime|runtime-core|runtime-tools|sdk|error-codes|inject-external-runtime-core-plugin';
const MF_RUNTIME_CJS = new RegExp(`[\\\\/]@module-federation[\\\\/](?:${MF_RUNTIME_PACKAGES})[\\\\/]dist[\\\\/].+\\.cjs$`);
const MF_RUNTIME_BARE = new RegExp(`^@module-federation/(?:${MF_RUNTIME_PACKAGES})$`);

export function mfRuntimeAsEsm(): RspackPluginInstance {
  return new rspack.NormalModuleReplacementPlugin(/@module-federation/, (data: { request: string }) => {
    if (MF_RUNTIME_CJS.test(data.request)) {
      const esm = data.request.replace(/\.cjs$/, '.js');
      if (existsSync(esm)) data.request = esm;
    } else if (MF_RUNTIME_BARE.test(data.request)) {
      // The package's `import` entry: its ES module build.
      data.request = fileURLToPath(import.meta.resolve(data.request));
    }
  });
}

/**
 * Production builds: the Module Federation runtime's error descriptions replaced by a generic
 * line (./mf-error-texts.ts); the errors keep their code, arguments and documentation link.
 */
export function mfErrorTextsAsCodes(): RspackPluginInstance {
  const texts = besideThis('mf-error-texts.ts');
  return new rspack.NormalModuleReplacementPlugin(/^\.\/desc\.m?js$/, (data: { request: string; context?: string }) => {
    if (/[\\/]@module-federation[\\/]error-codes[\\/]dist$/.test(data.context ?? '')) data.request = texts;
  });
}

const BUNDLER_RUNTIME_REQUEST = /(?:^|[\\/])@module-federation[\\/]webpack-bundler-runtime(?:[\\/]dist[\\/]index\.c?js)?$/;

/**
 * A remote built with `externalRuntime` takes the bundler runtime from the page's runtime
 * (./bundler-runtime.ts) instead of bundling `@module-federation/webpack-bundler-runtime` again:
 * the consumer's remoteEntry.js went from 8.7 to 5.9 KB gzip (ADR 0012).
 */
export function bundlerRuntimeFromHost(): RspackPluginInstance {
  const fromHost = besideThis('bundler-runtime-from-host.ts');
  return new rspack.NormalModuleReplacementPlugin(/webpack-bundler-runtime/, (data: { request: string }) => {
    if (BUNDLER_RUNTIME_REQUEST.test(data.request)) data.request = fromHost;
  });
}
