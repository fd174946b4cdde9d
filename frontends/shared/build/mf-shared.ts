import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

export interface PackageJson {
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
