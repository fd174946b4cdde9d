import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { FsTree } from 'nx/src/generators/tree';
import { afterAll, describe, expect, it } from 'vitest';
import { APPS, chartApps, checkCompose, checkK8s, kustomizeBuild, parseManifests } from '@popote/deploy';
// @ts-expect-error -- the generator is plain CommonJS, run by nx as it is
import serviceGenerator from '../../../tools/nx-plugin/service/generator.js';
import { reviews, root } from './repo';

// Adding a service, as a developer does it: `nx g @popote/nx-plugin:service reviews`. The generator
// runs on the real repository in memory (nothing is written to the working tree); what it wrote is
// then checked by the deployment's own checks — compose, both Kubernetes overlays rendered through
// kustomize and Helm — against the apps list with the new service in it, and its folder is
// type-checked against the real packages and linted with the repository's rules.

// The apps list as the generator leaves it (`service('reviews', 192, [])` after cart).
const list = APPS.flatMap((a) => (a.name === 'cart' ? [a, reviews] : [a]));

const tree = new FsTree(root, false);
const generated = serviceGenerator(tree, { name: 'reviews', heapMiB: 192, description: 'Reviews of a cook' }) as Promise<void>;
const read = (path: string) => tree.read(path, 'utf-8') ?? '';
const temporary: string[] = [];
afterAll(() => temporary.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('nx g @popote/nx-plugin:service', () => {
  it('registers the service in the apps list and the contracts, next to cart', async () => {
    await generated;
    expect(read('infra/deploy/src/apps.ts')).toContain("  service('cart', 192, []),\n  service('reviews', 192, []),\n");
    expect(read('services/shared/contracts/src/shared/envelope.ts')).toMatch(
      /SERVICE_NAMES = \[[^\]]*'notifications', 'reviews'\] as const/,
    );
    expect(read('services/reviews/src/config.ts')).toContain("serviceConfigSchema('reviews', 4107)");
    expect(JSON.parse(read('tsconfig.build.json')).references).toContainEqual({ path: 'services/reviews' });
    // Nothing of the working tree was changed.
    expect(readFileSync(join(root, 'infra/deploy/src/apps.ts'), 'utf8')).not.toContain("'reviews'");
  });

  it('gives it its compose service, NATS password and database: the compose check passes with the new list', async () => {
    await generated;
    expect(checkCompose(read('docker-compose.yml'), read('.env.example'), list)).toEqual([]);
    expect(checkCompose(read('docker-compose.yml'), read('.env.example'), APPS)).toContain(
      'compose: service "reviews" builds an image but is not in the list',
    );
    expect(read('infra/compose/mongo-users.js')).toContain("'popote_reviews',");
  });

  it('gives it its objects in both Kubernetes overlays: the chart’s list is the new list’s, every check passes', async () => {
    await generated;
    expect(read('infra/k8s/base/charts/popote/apps.json')).toBe(chartApps(list));
    const k8s = mkdtempSync(join(tmpdir(), 'popote-k8s-generated-'));
    temporary.push(k8s);
    cpSync(join(root, 'infra/k8s'), k8s, { recursive: true, filter: (src) => !src.includes(join('overlays', 'local', 'secrets')) });
    for (const change of tree.listChanges().filter((c) => c.path.startsWith('infra/k8s/'))) {
      writeFileSync(join(k8s, change.path.slice('infra/k8s/'.length)), change.content!);
    }
    execFileSync('sh', [join(k8s, 'overlays/local/generate-secrets.sh')], { stdio: 'ignore' });
    expect(readFileSync(join(k8s, 'overlays/local/secrets/reviews.env'), 'utf8')).toMatch(/^MONGO_URL=mongodb:\/\/reviews:/m);
    for (const overlay of ['local', 'production']) {
      const objects = parseManifests(kustomizeBuild(join(k8s, 'overlays', overlay)));
      expect(checkK8s(overlay, objects, list), overlay).toEqual([]);
    }
    expect(read('infra/k8s/dependencies/mongodb.yaml')).toContain('roles: [{ name: readWrite, db: popote_reviews }]');
  });

  it('writes a service folder that compiles against the real packages and passes the lint', { timeout: 240_000 }, async () => {
    await generated;
    // A throw-away copy beside the services (its package.json left out, so it is no app of the repository).
    const dir = mkdtempSync(join(root, 'services', 'zz-service-'));
    temporary.push(dir);
    for (const change of tree.listChanges().filter((c) => c.path.startsWith('services/reviews/') && !c.path.endsWith('package.json'))) {
      const to = join(dir, change.path.slice('services/reviews/'.length));
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, change.content!);
    }
    // The contracts as the generator left them (the new name in SERVICE_NAMES), compiled with it.
    cpSync(join(root, 'services/shared/contracts/src'), join(dir, 'contracts'), {
      recursive: true,
      filter: (src) => !src.endsWith('.spec.ts'),
    });
    writeFileSync(join(dir, 'contracts/shared/envelope.ts'), read('services/shared/contracts/src/shared/envelope.ts'));
    const check = {
      extends: './tsconfig.json',
      compilerOptions: { noEmit: true, composite: false, rootDir: '.', paths: { '@popote/contracts': ['./contracts/index.ts'] } },
      include: ['src/**/*.ts', 'contracts/**/*.ts'],
      references: [],
    };
    writeFileSync(join(dir, 'tsconfig.check.json'), JSON.stringify(check));
    const tsc = join(root, 'node_modules/.bin/tsc');
    try {
      execFileSync(tsc, ['-p', join(dir, 'tsconfig.check.json')], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      throw new Error(`the generated service does not compile:\n${(err as { stdout?: string }).stdout}`, { cause: err });
    }
    const results = await new ESLint({ cwd: root }).lintFiles([join(dir, 'src')]);
    expect(results.flatMap((r) => r.messages.map((m) => `${basename(r.filePath)}:${m.line} ${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it('refuses a name that cannot name a NATS user or a variable, and a service that exists', async () => {
    const fresh = new FsTree(root, false);
    await expect(serviceGenerator(fresh, { name: 'Reviews' })).rejects.toThrow(/lower-case letters only/);
    await expect(serviceGenerator(fresh, { name: 'ma-carte' })).rejects.toThrow(/lower-case letters only/);
    await expect(serviceGenerator(fresh, { name: 'cart' })).rejects.toThrow(/exists already/);
  });
});
