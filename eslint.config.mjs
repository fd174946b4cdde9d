// Lint for the whole workspace. The important rule is Nx's module boundaries: a service imports
// only services/shared/* (contracts, platform), never another service; the BFF talks to services
// over NATS only (no imports); nothing imports the test harness but tests.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import popote from './tools/eslint-plugin/index.mjs';
import { outboxModels } from './tools/eslint-plugin/outbox-models.mjs';

// The frontends are checked for the comment rule only (their code has its own checks: tsc, the web tests).
const notFrontends = (config) => ({ ...config, ignores: [...(config.ignores ?? []), 'frontends/**'] });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.nx/**',
      '**/generated/**',
      '**/*.generated.ts',
      '**/*.d.ts',
      'infra/k8s/**',
    ],
  },
  notFrontends(js.configs.recommended),
  ...tseslint.configs.recommended.map(notFrontends),
  {
    // Nx runs the generators as CommonJS.
    files: ['tools/nx-plugin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Comments say the rule in words: a reader has neither the issue tracker nor the specification.
    files: ['**/*.{ts,tsx,mts,mjs}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { popote },
    rules: { 'popote/no-untraceable-references': 'error' },
  },
  // One layout: a schema, module, handler, controller or resolver is found by its file's name.
  {
    files: ['services/*/src/**/*.ts', 'bff/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'services/shared/**'],
    rules: { 'popote/file-named-by-role': 'error' },
  },
  // A model whose documents carry an outbox is written inside relay.change (ADR 0004), in every service.
  // Payments' checkouts are changed under their buyer's lock (ADR 0021), the step that owns them.
  ...Object.entries(outboxModels('services')).map(([service, models]) => ({
    files: [`services/${service}/src/**/*.ts`],
    ignores: ['**/*.spec.ts'],
    rules: { 'popote/outbox-writes-through-relay': ['error', { ...models, steps: service === 'payments' ? ['buyers.run'] : [] }] },
  })),
  {
    files: ['**/*.ts'],
    ignores: ['frontends/**'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off', // contained: see conventions (no any escaping a module)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          enforceBuildableLibDependency: false,
          depConstraints: [
            { sourceTag: 'scope:service', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:bff', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:shared', 'scope:infra'] },
            { sourceTag: 'scope:infra', onlyDependOnLibsWithTags: ['scope:infra', 'scope:shared'] },
          ],
        },
      ],
    },
  },
  {
    // Tests may start other services in-process and use the harness (tests/: the cross-service tests).
    files: ['**/test/**/*.ts', 'tests/**/*.ts', '**/*.spec.ts', 'vitest.config.mts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // The cross-service tests talk to the services through their contracts (@popote/contracts) and
    // start them from their public entries (@popote/<service>/app): never their sources.
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/**', '**/bff/**', '@popote/*/src', '@popote/*/src/**', '@popote/*/dist/**'],
              message: "A service's internals: use its contracts, or its public entry @popote/<service>/app.",
            },
          ],
        },
      ],
    },
  },
  {
    // A package's own tests reach into its own sources only; another service is started from its
    // public entry, and tests across services live in tests/.
    files: ['services/**/test/**/*.ts', 'bff/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/src', '../../*/src/**', '../../../*/src', '../../../*/src/**', '../../*/test/**', '../../../*/test/**'],
              message:
                "Another package's internals: use its contracts or its public entry (@popote/<service>/app), or move the test to tests/.",
            },
          ],
        },
      ],
    },
  },
);
