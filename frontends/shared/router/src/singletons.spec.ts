import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const frontends = fileURLToPath(new URL('../../../', import.meta.url));

/** Every shipped source file of the apps and the shared packages that end up in their bundles. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The page's one router and one GraphQL client are the Module Federation singletons @popote/router
 * and @popote/graphql (see @popote/build). A value imported straight from wouter, urql
 * (or @urql/*, graphql) would bundle a second, unshared copy with its own React context: a remote's
 * links or queries would not see the shell's router or client.
 */
describe('the router and the GraphQL client come from the shared singletons', () => {
  const roots = ['shell/src', 'consumer/src', 'cook/src', 'ops/src', 'shared/auth/src', 'shared/ui/src'];
  const files = roots.flatMap((root) => sources(join(frontends, root)));

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('imports no value from wouter, react-router, urql, @urql/*, wonka, @apollo/client or graphql outside the two packages', () => {
    const offenders = files.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /^import (?!type )[^;]*from '(wouter[^']*|react-router|urql|@urql\/[^']*|wonka|@apollo\/client[^']*|graphql)';/gm,
        ),
      ].map((match) => `${relative(frontends, file)}: ${match[1]}`),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * Who is signed in (`useAuth`, the session documents) is the singleton entry `@popote/auth/session`
 * and the toast facade the shared-by-content `@popote/ui/toast`: Module Federation shares a module
 * imported by that name. A relative import of the same file from elsewhere in its package would
 * bundle a second copy beside the shared one (and, for `useAuth`, its documents again).
 */
describe('the session and the toasts are imported by their shared names', () => {
  const relativeImports = (root: string) =>
    sources(join(frontends, root)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']*)'/g)].map((match) => ({
        file: relative(join(frontends, root), file),
        target: match[1] ?? '',
      })),
    );

  it('reaches the session files only from the session entry (session.ts and its use-auth.ts)', () => {
    const imports = relativeImports('shared/auth/src');
    expect(imports.length).toBeGreaterThan(5);
    const offenders = imports
      .filter(({ target }) => /^\.\/(session|use-auth|session\.generated)$/.test(target))
      .filter(({ file }) => !['session.ts', 'use-auth.ts'].includes(file));
    expect(offenders).toEqual([]);
  });

  it('reaches toast.tsx only by @popote/ui/toast', () => {
    const offenders = relativeImports('shared/ui/src').filter(({ target }) => /(^|\/)toast$/.test(target));
    expect(offenders).toEqual([]);
  });
});
