import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { materializeStage, parseDockerfile, repoFacts } from '@popote/deploy';
import { read, root } from './repo';

// One build step really run, in a folder holding only what the Dockerfile's build stage holds
// (its COPY layers, as infra/deploy/src/dockerfile.ts reads them, turned into files), by the tool itself.
// One service (notifications: the last one added) keeps the cost to one compile; the static
// check covers every app.
const tsc = join(root, 'node_modules/typescript/bin/tsc');

function buildStage(dockerfileText: string) {
  const facts = repoFacts(root);
  const { stages, problems } = parseDockerfile(facts, {
    dockerfile: 'services/Dockerfile',
    buildArgs: { SERVICE: 'notifications' },
    text: dockerfileText,
  });
  const build = stages.find((s) => s.name === 'build')!;
  const dir = mkdtempSync(join(tmpdir(), 'popote-stage-'));
  materializeStage(facts, build, dir);
  const r = spawnSync(process.execPath, [tsc, '-b', 'services/notifications'], { cwd: dir, encoding: 'utf8' });
  return { dir, problems, status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('services/Dockerfile, build stage of notifications, run for real', () => {
  it('compiles with exactly the files the stage copies', () => {
    const r = buildStage(read('services/Dockerfile'));
    try {
      expect(r.problems).toEqual([]);
      expect(r.status, r.output).toBe(0);
      for (const f of [
        'services/notifications/dist/main.js',
        'services/shared/platform/dist/index.js',
        'services/shared/contracts/dist/index.js',
      ])
        expect(existsSync(join(r.dir, f)), f).toBe(true);
    } finally {
      rmSync(r.dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('takes nothing from the repository the stage did not copy (workspace links point into the stage)', () => {
    const facts = repoFacts(root);
    const text = read('services/Dockerfile').replace('COPY services/shared/platform/ services/shared/platform/\n', '');
    const { stages } = parseDockerfile(facts, { dockerfile: 'services/Dockerfile', buildArgs: { SERVICE: 'notifications' }, text });
    const dir = mkdtempSync(join(tmpdir(), 'popote-stage-'));
    try {
      materializeStage(
        facts,
        stages.find((s) => s.name === 'build')!,
        dir,
      );
      expect(realpathSync(join(dir, 'node_modules/@popote/contracts'))).toBe(realpathSync(join(dir, 'services/shared/contracts')));
      // As in the image: its manifest came with the manifests stage, its sources were not copied.
      expect(existsSync(join(dir, 'node_modules/@popote/platform/package.json'))).toBe(true);
      expect(existsSync(join(dir, 'node_modules/@popote/platform/src'))).toBe(false);
      expect(existsSync(join(dir, 'node_modules/@popote/platform/tsconfig.json'))).toBe(false);
      expect(existsSync(join(dir, 'services/notifications/src/main.ts'))).toBe(true);
      expect(existsSync(join(dir, 'services/notifications/test'))).toBe(true); // COPY services/<name>/ takes the folder whole
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
