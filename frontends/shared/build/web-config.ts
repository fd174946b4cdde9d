import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { compressionPlugins } from './compression.ts';
import {
  bundlerRuntimeFromHost,
  mfErrorTextsAsCodes,
  mfRuntimeAsEsm,
  providesExternalRuntime,
  usesExternalRuntime,
  type MfOptions,
} from './mf-runtime-plugins.ts';
import { besideThis } from './package-files.ts';
import { isProduction, SOURCE_CONDITION, sourceRules } from './source.ts';

export interface WebConfigOptions {
  /** Folder of the app (the one holding package.json and src/). */
  root: string;
  /** MF container name, also the output's uniqueName. */
  name: string;
  /** '/' for the shell (deep links), 'auto' for remotes (served from wherever the manifest is). */
  publicPath: '/' | 'auto';
  mf: MfOptions;
  /** Page title of the generated index.html. */
  title: string;
  /** The index.html template: the app's `src/index.html` unless given (remotes: REMOTE_TEMPLATE). */
  template?: string;
}

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Ccircle cx='32' cy='32' r='30' fill='%23c4501f'/%3E%3Ctext x='32' y='44' font-size='34' text-anchor='middle' fill='%23fff' font-family='Georgia,serif'%3EP%3C/text%3E%3C/svg%3E";

/** File name of a remote's standalone Module Federation runtime (see standaloneRuntimeConfig). */
export const STANDALONE_RUNTIME = 'mf-runtime.js';

export function createWebConfig({
  root,
  name,
  publicPath,
  mf,
  title,
  template = join(root, 'src/index.html'),
}: WebConfigOptions): Configuration {
  const production = isProduction();
  const externalRuntime = usesExternalRuntime(mf);
  const runtimePlugins = [
    ...((mf.runtimePlugins as unknown[] | undefined) ?? []),
    // The host hands its bundler runtime to the remotes (./bundler-runtime.ts).
    ...(providesExternalRuntime(mf) ? [besideThis('bundler-runtime.ts')] : []),
  ] as MfOptions['runtimePlugins'];
  const plugins: RspackPluginInstance[] = [
    new ModuleFederationPlugin({
      dts: false,
      shareStrategy: 'loaded-first',
      ...mf,
      runtimePlugins,
      name,
    }),
    ...(externalRuntime ? [bundlerRuntimeFromHost()] : []),
    mfRuntimeAsEsm(),
    ...(production ? [mfErrorTextsAsCodes()] : []),
    new rspack.HtmlRspackPlugin({
      template,
      templateParameters: {
        title,
        favicon: FAVICON,
        // A remote alone provides the runtime the shell would (executed before main.js: both deferred).
        runtimeScript: externalRuntime ? `<script defer src="${STANDALONE_RUNTIME}"></script>` : '',
      },
      // Only the app's own entry: remoteEntry.js is for hosts, not for this page.
      chunks: ['main'],
      scriptLoading: 'defer',
      minify: production,
    }),
    // Last, so that it sees every asset (index.html, mf-manifest.json, remoteEntry.js included).
    ...(production ? compressionPlugins() : []),
  ];

  return {
    name,
    mode: production ? 'production' : 'development',
    context: root,
    target: ['web', 'es2022'],
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: join(root, 'dist'),
      publicPath,
      uniqueName: name,
      clean: true,
      // Content hashes let the static server cache these files forever.
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Our packages outside frontends/ that the services compile (@popote/rules) export their
      // TypeScript sources under this condition: the pages bundle them from source, as the rest.
      conditionNames: [SOURCE_CONDITION, '...'],
      alias: {
        // wouter's useSyncExternalStore comes from React itself, not from the shim for React < 18.
        'use-sync-external-store/shim/index.js$': besideThis('use-sync-external-store.ts'),
      },
    },
    module: {
      parser: {
        'css/auto': { namedExports: false },
      },
      generator: {
        'css/auto': {
          exportsConvention: 'as-is',
          localIdentName: production ? '[uniqueName]-[hash:6]' : '[uniqueName]-[name]-[local]',
        },
      },
      rules: [...sourceRules({ reactDevelopment: !production }), { test: /\.(png|jpe?g|gif|webp|avif|svg)$/i, type: 'asset' }],
    },
    plugins,
    optimization: {
      // Keep module ids stable between builds so unchanged chunks keep their hash.
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      splitChunks: {
        cacheGroups: {
          // React, its DOM renderer and their entry points (react/jsx-runtime, react-dom/client) are
          // shared modules, each of which had a chunk of its own; a page loads all of them together,
          // so they are one file (3 requests and 1.3 KB of gzip less, ADR 0012).
          react: {
            test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/,
            name: 'react',
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
