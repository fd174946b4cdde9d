import { join } from 'node:path';
import type { Configuration } from '@rspack/core';
import { compressionPlugins } from './compression.ts';
import type { MfOptions } from './mf-runtime-plugins.ts';
import { sharedSingletons, type PackageJson } from './mf-shared.ts';
import { besideThis } from './package-files.ts';
import { followingBuild, isProduction } from './source.ts';
import { createWebConfig } from './web-config.ts';

/** The page of a remote running alone (its team's standalone mode): its title, the runtime, #root. */
export const REMOTE_TEMPLATE = besideThis('remote.html');

/**
 * Module Federation settings of a remote (consumer, cook): it exposes `./App` (its routes), takes
 * the page's singletons, and publishes mf-manifest.json (publicPath "auto": the chunks are fetched
 * next to it, wherever the build is deployed).
 */
export function remoteMfConfig(pkg: PackageJson): MfOptions {
  return {
    filename: 'remoteEntry.js',
    exposes: { './App': './src/expose/App.tsx' },
    shared: sharedSingletons(pkg),
    manifest: true,
    experiments: {
      // A remote consumes no other remote and is loaded by the host's runtime, so its own
      // runtime needs neither remote loading nor snapshots.
      optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
      // No Module Federation runtime of its own: the host's (provideExternalRuntime) serves the page.
      // The standalone page loads mf-runtime.js first instead (standaloneRuntimeConfig).
      externalRuntime: true,
    },
  };
}

export interface RemoteConfigOptions {
  /** Folder of the remote (package.json, src/). */
  root: string;
  /** MF container name, `popote_<remote>`: the shell's remote registry knows it by it. */
  name: string;
  /** Title of its standalone page. */
  title: string;
  /** Its package.json: the singletons' version ranges. */
  pkg: PackageJson;
}

/** A remote's builds: the remote (remoteEntry.js, mf-manifest.json, its standalone page) and its standalone runtime. */
export function remoteConfigs({ root, name, title, pkg }: RemoteConfigOptions): Configuration[] {
  return [
    createWebConfig({ root, name, publicPath: 'auto', title, template: REMOTE_TEMPLATE, mf: remoteMfConfig(pkg) }),
    standaloneRuntimeConfig(root, name),
  ];
}

/**
 * The second build of a remote built with `externalRuntime`: dist/mf-runtime.js, the Module
 * Federation runtime its standalone page loads before main.js (./mf-runtime.ts). The shell never
 * loads it (the remote then runs on the shell's runtime).
 */
export function standaloneRuntimeConfig(root: string, remote: string): Configuration {
  const production = isProduction();
  return {
    ...followingBuild('standalone-runtime', remote, root),
    target: ['web', 'es2022'],
    entry: { 'mf-runtime': besideThis('mf-runtime.ts') },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: { path: join(root, 'dist'), filename: '[name].js', clean: false, iife: true },
    plugins: production ? compressionPlugins() : [],
    resolve: { extensions: ['.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } } },
          type: 'javascript/auto',
        },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
