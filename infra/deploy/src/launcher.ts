import { readFileSync } from 'node:fs';
import { nodeOptions, type App } from './apps';

/**
 * The variables of the list that the local launcher (infra/local) must set for an app: all but
 * those marked `localDefault` (left to the code's development default). Returns the missing ones,
 * and NODE_OPTIONS when it is not the app's heap ceiling.
 */
export function launcherGaps(app: App, env: Record<string, string>): string[] {
  const heap = nodeOptions(app);
  return app.env
    .filter((v) => (!v.localDefault && !(v.name in env)) || (v.name === 'NODE_OPTIONS' && heap && env[v.name] !== heap))
    .map((v) => v.name);
}

/** The environment a running process was started with (Linux /proc). */
export function processEnv(pid: number): Record<string, string> {
  const raw = readFileSync(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    raw
      .split('\0')
      .filter(Boolean)
      .map((kv) => {
        const i = kv.indexOf('=');
        return [kv.slice(0, i), kv.slice(i + 1)];
      }),
  );
}

/** Launcher process names of an app: `catalogue`, or `catalogue-2` / `catalogue#2` for replicas (not `seed-…`). */
export const launcherProcessesOf = (app: App, names: string[]) =>
  names.filter((n) => n === app.name || new RegExp(`^${app.name}[^a-z]`).test(n));
