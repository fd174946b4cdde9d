import type { Configuration, RuleSetRule } from '@rspack/core';

/** The package.json `exports` condition of a workspace package's TypeScript sources (frontends/tsconfig.base.json's customConditions too). */
export const SOURCE_CONDITION = '@popote/source';

/** Our TypeScript/TSX (swc, React's automatic JSX runtime) and stylesheets (native CSS, CSS Modules). */
export const sourceRules = ({ reactDevelopment }: { reactDevelopment: boolean }): RuleSetRule[] => [
  {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: reactDevelopment } },
      },
    },
    type: 'javascript/auto',
  },
  { test: /\.css$/, type: 'css/auto' },
];

/** Whether this is a production build: any NODE_ENV but 'development'. */
export const isProduction = (): boolean => process.env.NODE_ENV !== 'development';

/**
 * The start of a build that runs after another build of the same app (`after`, which empties
 * dist/ first) and writes next to it: its name, that order, the mode and the app's folder.
 */
export function followingBuild(
  name: string,
  after: string,
  root: string,
): Pick<Configuration, 'name' | 'dependencies' | 'mode' | 'context'> {
  return { name, dependencies: [after], mode: isProduction() ? 'production' : 'development', context: root };
}
