// How each benchmark starts the product: on the test ports, on data of its own made afresh.

import { unlimitedRateLimits } from '@popote/contracts';
import { launch, profile, repoRoot, type LaunchOptions } from '@popote/local';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** The product launched on the test profile with empty data in .data/<folder>; its log lines on stderr. */
export async function freshLaunch(folder: string, options: Omit<LaunchOptions, 'log'> = {}) {
  const p = { ...profile('test'), dataDir: join(repoRoot(), '.data', folder) };
  rmSync(p.dataDir, { recursive: true, force: true });
  const app = await launch(p, { log: (l) => console.error(l), ...options });
  return { p, app };
}

/** The per-client rate limits off (unless set): the load comes from one address. */
export function liftRateLimits(): void {
  for (const [name, value] of Object.entries(unlimitedRateLimits())) process.env[name] ??= value;
}
