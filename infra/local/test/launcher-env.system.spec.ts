import { describe, expect, it } from 'vitest';
import { APPS, launcherGaps, launcherProcessesOf, processEnv } from '@popote/deploy';

// The local launcher sets, for every app it started, the variables of the deployment list
// (infra/deploy/src/apps.ts) that are not left to the code's local default: read from the real
// processes of this test run (/proc/<pid>/environ), so compose, Kubernetes and the launcher
// are held to the same list.
const pids = JSON.parse(process.env.POPOTE_APP_PIDS ?? '{}') as Record<string, number>;

describe('the launched product', () => {
  it('runs every app of the list', () => {
    for (const app of APPS) expect(launcherProcessesOf(app, Object.keys(pids)), app.name).not.toEqual([]);
  });

  for (const app of APPS) {
    it(`gives ${app.name} the variables of the list`, () => {
      for (const name of launcherProcessesOf(app, Object.keys(pids))) {
        expect(launcherGaps(app, processEnv(pids[name]!)), name).toEqual([]);
      }
    });
  }
});
