import type { RuleSetRule } from '@rspack/core';

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
