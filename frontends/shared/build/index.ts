import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib, type BrotliOptions } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';
import { followingBuild, isProduction, SOURCE_CONDITION, sourceRules } from './source.ts';

export { SOURCE_CONDITION } from './source.ts';
export { SERVER_RENDER_DIR, serverRenderConfig } from './server-render.ts';

type MfOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];
type SharedConfig = {
  singleton: boolean;
  requiredVersion: string;
  eager: boolean;
  packageName: string;
  version?: string;
  strictVersion?: boolean;
};

/**
 * Packages that must exist once per page: React and its DOM renderer, the router (one history,
 * one location context: @popote/router), the GraphQL client (one client, one cache, one provider:
 * @popote/graphql) and the toast store (remotes' toasts render in the shell's <Toaster>).
 *
 * A shared module ships whole, whatever the page uses of it: react-router, @apollo/client and
 * graphql whole were ~180 KB gzip. So the singletons are our two thin packages that re-export
 * what the pages use; wouter, urql and Graphcache are ordinary dependencies of them, tree-shaken
 * inside their shared chunk. Apps never import wouter or urql directly (a second, unshared copy
 * would have its own context): singletons.spec.ts checks it.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/', // react/jsx-runtime
  'react-dom',
  'react-dom/', // react-dom/client
  '@popote/router',
  '@popote/graphql',
  // Who is signed in (useAuth and the session documents): every page's menu, cards and guards.
  '@popote/auth/session',
  'react-hot-toast',
] as const;

/**
 * Modules shared only between builds that bundle the very same file: the French texts (those of
 * every page, then those of the account, order, cook and browsing pages, each loaded with its pages) download
 * once per page instead of once per build,
 * but a remote deployed with new texts keeps its own (no host-first deployment for a text).
 */
export const SHARED_BY_CONTENT = [
  '@popote/ui/fr',
  '@popote/ui/fr-account',
  '@popote/ui/fr-orders',
  '@popote/ui/fr-cook',
  '@popote/ui/fr-browse',
  // The toast facade (a file without imports of ours, so its content is its version).
  '@popote/ui/toast',
] as const;

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
}

/**
 * MF `shared` section: every singleton above, with the version range the
 * package declares. Nothing is eager: every app (host included) starts behind
 * an `import('./bootstrap')` boundary, so versions are negotiated before use.
 */
export function sharedSingletons(pkg: PackageJson): Record<string, SharedConfig> {
  const deps = pkg.dependencies ?? {};
  const shared: Record<string, SharedConfig> = {};
  for (const request of SHARED_SINGLETONS) {
    const parts = request.split('/');
    const packageName = request.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? request);
    const requiredVersion = deps[packageName];
    if (!requiredVersion) {
      throw new Error(`${pkg.name} must depend on ${packageName} (a Module Federation singleton)`);
    }
    shared[request] = { singleton: true, requiredVersion, eager: false, packageName };
  }
  for (const request of SHARED_BY_CONTENT) {
    if (!deps['@popote/ui']) continue;
    // The version is the file's content: a remote uses the page's copy only when it is the
    // same text, and its own (its fallback chunk) after a text changed on one side only.
    const file = fileURLToPath(import.meta.resolve(request));
    const version = `0.0.0-h${createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12)}`;
    shared[request] = {
      singleton: false,
      strictVersion: true,
      version,
      requiredVersion: version,
      eager: false,
      packageName: '@popote/ui',
    };
  }
  return shared;
}

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

/** A file of this package (the browser modules that builds bundle from here). */
const besideThis = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** File name of a remote's standalone Module Federation runtime (see standaloneRuntimeConfig). */
export const STANDALONE_RUNTIME = 'mf-runtime.js';

/** Whether this build uses the host's Module Federation runtime instead of its own. */
const experiment = (mf: MfOptions, name: 'externalRuntime' | 'provideExternalRuntime') =>
  (mf.experiments as Record<string, unknown> | undefined)?.[name] === true;
const usesExternalRuntime = (mf: MfOptions) => experiment(mf, 'externalRuntime');

/** What the static server may send precompressed: text assets (not the source maps). */
const PRECOMPRESSED = /\.(js|css|html|json|svg|webmanifest)$/;
/** Below this size compression saves less than a packet; the static server's on-the-fly threshold too. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli (quality 11) and gzip (level 9) siblings of every text asset over the threshold, made
 * once at build time (compression-webpack-plugin, compatible with rspack): `main.abc.js.br` and
 * `main.abc.js.gz` beside `main.abc.js`. The static server sends them as they are
 * (@fastify/static `preCompressed`), so no request pays for compression, and the best levels cost
 * nothing at run time. A file that would not shrink by 20 % gets no sibling (minRatio 0.8).
 */
export function compressionPlugins(): RspackPluginInstance[] {
  const common = { test: PRECOMPRESSED, threshold: COMPRESSION_THRESHOLD, minRatio: 0.8 };
  // The plugin is typed against webpack's Compiler; rspack implements the parts it uses.
  return [
    new CompressionPlugin<BrotliOptions>({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
    }) as unknown as RspackPluginInstance,
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }) as unknown as RspackPluginInstance,
  ];
}

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

/** Whether this build is the page's runtime for remotes built with `externalRuntime`. */
const providesExternalRuntime = (mf: MfOptions) => experiment(mf, 'provideExternalRuntime');

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
