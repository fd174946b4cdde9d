import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const r = (p: string) => resolve(import.meta.dirname, p);

/** The services: each has one public entry (`@popote/<service>/app`), what tests/ may start. */
const SERVICES = ['catalogue', 'identity', 'cart', 'ordering', 'payments', 'notifications'];

// Our workspace packages are tested from source (node_modules stay external).
const alias = {
  '@popote/contracts': r('services/shared/contracts/src/index.ts'),
  '@popote/rules': r('services/shared/rules/src/index.ts'),
  '@popote/platform/telemetry': r('services/shared/platform/src/telemetry.ts'),
  '@popote/platform': r('services/shared/platform/src/index.ts'),
  '@popote/testing': r('services/shared/testing/src/index.ts'),
  '@popote/local': r('infra/local/src/index.ts'),
  '@popote/deploy': r('infra/deploy/src/index.ts'),
  ...Object.fromEntries(SERVICES.map((s) => [`@popote/${s}/app`, r(`services/${s}/src/app.ts`)])),
};

// Nest needs decorator metadata, which esbuild does not emit: swc compiles the TypeScript.
const plugins = [
  swc.vite({
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
  }),
];

export default defineConfig({
  test: {
    projects: [
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['services/**/src/**/*.spec.ts', 'bff/src/**/*.spec.ts', 'infra/*/src/**/*.spec.ts', 'tools/**/*.spec.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'int',
          // tests/*: the cross-service tests (tests/saga), through the services' contracts only.
          include: ['services/**/test/**/*.int.spec.ts', 'bff/test/**/*.int.spec.ts', 'tests/*/**/*.int.spec.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          globalSetup: [r('services/shared/testing/src/global-setup.ts')],
          // One NATS server and its streams are shared: files run one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Frontend units (React rendered to markup, formatting, search, the static server).
        // Of our packages outside frontends/, the pages import @popote/rules only.
        resolve: { alias: { '@popote/rules': alias['@popote/rules'] } },
        test: {
          name: 'web',
          include: [
            'frontends/shared/*/src/**/*.spec.{ts,tsx}',
            'frontends/shared/*/*.spec.mjs',
            'frontends/shared/build/*.spec.ts',
            'frontends/{shell,consumer,cook,ops}/src/**/*.spec.{ts,tsx}',
            'frontends/{shell,consumer,cook,ops}/*.spec.mjs',
          ],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
        },
      },
      {
        // Deployment checks, offline (`./popote test deploy`): compose, kustomize + kube-score on
        // each overlay, the Dockerfiles read by dockerfile-ast and traced by @vercel/nft, all against
        // infra/deploy's list.
        plugins,
        resolve: { alias },
        test: {
          name: 'deploy',
          include: ['infra/deploy/test/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'system',
          include: ['infra/local/test/**/*.system.spec.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Faults under load (ADR 0004): each file launches the product itself, with replicas.
        plugins,
        resolve: { alias },
        test: {
          name: 'chaos',
          include: ['infra/*/test/**/*.chaos.spec.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 900_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
