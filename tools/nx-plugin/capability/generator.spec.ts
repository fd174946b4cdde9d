import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { flushChanges, FsTree } from 'nx/src/generators/tree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the generator is plain CommonJS, run by nx as it is
import capabilityGenerator from './generator.js';

// A throw-away copy of a real service (cart's sources and tsconfig) beside the others, given a new
// capability by the generator, then type-checked against the real packages and linted with the
// repository's configuration: what `nx g @popote/nx-plugin:capability` writes works as it is.
const root = resolve(import.meta.dirname, '../../..');
let service: string;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(root, 'services', 'zz-generated-'));
  service = basename(dir);
  cpSync(join(root, 'services/cart/src'), join(dir, 'src'), { recursive: true });
  cpSync(join(root, 'services/cart/tsconfig.json'), join(dir, 'tsconfig.json'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nx g @popote/nx-plugin:capability', () => {
  it('writes the capability folder and registers its module in the service', { timeout: 240_000 }, async () => {
    const tree = new FsTree(root, false);
    await capabilityGenerator(tree, { service, name: 'wish-lists' });
    flushChanges(root, tree.listChanges());

    const folder = join(dir, 'src/wish-lists');
    for (const part of ['module', 'service', 'rules', 'rules.spec', 'schema', 'mapper', 'personal-data'])
      expect(existsSync(join(folder, `wish-lists.${part}.ts`)), part).toBe(true);
    const app = readFileSync(join(dir, 'src/app.module.ts'), 'utf8');
    expect(app).toMatch(/features: \[CartsModule, WishListsModule\]/);
    expect(app).toContain("import { WishListsModule } from './wish-lists/wish-lists.module';");

    // It compiles with the service, against the real platform and contracts.
    const tsc = join(root, 'node_modules/.bin/tsc');
    execFileSync(tsc, ['--noEmit', '-p', join(dir, 'tsconfig.json')], { cwd: root, stdio: 'pipe' });

    // It passes the repository's lint rules.
    const results = await new ESLint({ cwd: root }).lintFiles([folder, join(dir, 'src/app.module.ts')]);
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it('refuses a name that is not kebab case, a service that does not exist, and a folder already there', async () => {
    const tree = new FsTree(root, false);
    await expect(capabilityGenerator(tree, { service, name: 'WishLists' })).rejects.toThrow(/kebab case/);
    await expect(capabilityGenerator(tree, { service: 'no-such-service', name: 'x' })).rejects.toThrow(/not found/);
    await expect(capabilityGenerator(tree, { service, name: 'carts' })).rejects.toThrow(/exists already/);
  });
});
