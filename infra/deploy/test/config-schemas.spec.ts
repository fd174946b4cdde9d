import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPS, envNames } from '@popote/deploy';
import { read, root } from './repo';

/**
 * The list against what the code reads: a Node app's config schema (<dir>/src/config.ts), a
 * frontend's server.mjs. A variable the code reads must be either set by the deployments (the
 * list's `env`) or knowingly left at its default (`defaults`); a listed variable must be read.
 */

// Listed ahead of the code that reads them (another branch in flight): they may be absent from
// the schema, not the other way round. Remove a name once its schema reads it.
const AHEAD_OF_CODE: Record<string, string[]> = {};
// Read by Node itself, not by our code: the heap ceiling (ADR 0022).
const READ_BY_NODE = ['NODE_OPTIONS'];

describe('the list matches what each app reads', () => {
  for (const app of APPS) {
    it(`${app.name}`, async () => {
      let read_: string[];
      if (app.kind === 'frontend') {
        // A remote's server is one call to the static server's `serveRemote`: what that function reads.
        const own = read(`${app.dir}/server.mjs`);
        const shared = read('frontends/shared/static-server/index.mjs');
        const code = own.includes('serveRemote(') ? shared.slice(shared.indexOf('export function serveRemote')).split('\n}\n')[0]! : own;
        read_ = [...code.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
      } else {
        const mod = (await import(join(root, app.dir, 'src', 'config.ts'))) as Record<string, { shape?: Record<string, unknown> }>;
        const schema = Object.entries(mod).find(([k]) => k.endsWith('ConfigSchema'))?.[1];
        expect(schema?.shape, `${app.dir}/src/config.ts exports no *ConfigSchema`).toBeDefined();
        read_ = Object.keys(schema!.shape!);
      }
      const readSet = new Set(read_);
      const classified = new Set([...envNames(app), ...app.defaults]);
      expect(
        [...readSet].filter((n) => !classified.has(n)),
        'read by the code but neither in env nor in defaults of apps.ts',
      ).toEqual([]);
      const ahead = AHEAD_OF_CODE[app.name] ?? [];
      expect(
        [...classified].filter((n) => !readSet.has(n) && !ahead.includes(n) && !READ_BY_NODE.includes(n)),
        'in apps.ts but never read by the code',
      ).toEqual([]);
    });
  }
});
