import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { app, kustomizeBuild, parseManifests, type App, type K8sObject } from '@popote/deploy';

export const root = process.env.POPOTE_ROOT ?? join(import.meta.dirname, '..', '..', '..');
export const read = (rel: string) => readFileSync(join(root, rel), 'utf8');

/** The overlays `./popote test deploy` renders, and what each needs before kustomize can build it. */
export const OVERLAYS = ['local', 'production'] as const;

/**
 * Renders an overlay from a copy of infra/k8s (the local overlay's git-ignored secrets are
 * generated there by its own script, as a developer would), so the check never depends on, nor
 * writes to, files of the working tree.
 */
export function render(overlay: (typeof OVERLAYS)[number] | 'base' | 'dependencies', k8sDir = join(root, 'infra/k8s')) {
  const tmp = mkdtempSync(join(tmpdir(), 'popote-k8s-'));
  try {
    cpSync(k8sDir, tmp, { recursive: true, filter: (src) => !src.includes(`${join('overlays', 'local', 'secrets')}`) });
    if (overlay === 'local') execFileSync('sh', [join(tmp, 'overlays/local/generate-secrets.sh')], { stdio: 'ignore' });
    const dir = overlay === 'base' || overlay === 'dependencies' ? join(tmp, overlay) : join(tmp, 'overlays', overlay);
    const text = kustomizeBuild(dir);
    return { text, objects: parseManifests(text) as K8sObject[] };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A service the list does not have (named like the one `nx g @popote/nx-plugin:service reviews` adds), shaped like cart. */
export const reviews: App = {
  ...app('cart'),
  name: 'reviews',
  dir: 'services/reviews',
  workspace: '@popote/reviews',
  buildArgs: { SERVICE: 'reviews' },
  image: 'popote/reviews',
};
