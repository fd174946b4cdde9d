import { join } from 'node:path';
import type { Configuration } from '@rspack/core';
import { followingBuild, isProduction, SOURCE_CONDITION, sourceRules } from './source.ts';

/** Where a server-side render of a page goes in the app's build (dot folder: the static server never serves it). */
export const SERVER_RENDER_DIR = '.first-paint';

/**
 * A server-side render bundled for Node (react-dom/server and the components it renders, nothing
 * left to install): `dist/.first-paint/render.mjs`, an ES module, and `render.css`, the stylesheet
 * of everything it renders (the components' CSS Modules, their classes named apart from the pages'). The
 * app's server imports it; it runs after the app's build, which empties dist/ first.
 */
export function serverRenderConfig(root: string, entry: string, after: string): Configuration {
  const production = isProduction();
  return {
    ...followingBuild('server-render', after, root),
    target: ['node24', 'es2023'],
    entry: { render: entry },
    devtool: false,
    output: {
      path: join(root, 'dist', SERVER_RENDER_DIR),
      filename: '[name].mjs',
      cssFilename: '[name].css',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
      uniqueName: 'first_paint',
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], conditionNames: [SOURCE_CONDITION, '...'] },
    module: {
      parser: { 'css/auto': { namedExports: false } },
      generator: {
        // The stylesheet is a file of its own (a Node target would otherwise keep only the class names).
        'css/auto': {
          exportsOnly: false,
          exportsConvention: 'as-is',
          localIdentName: production ? 'pp-fp-[hash:6]' : 'pp-fp-[name]-[local]',
        },
      },
      rules: [...sourceRules({ reactDevelopment: false })],
    },
    optimization: { minimize: production, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
