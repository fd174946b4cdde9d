import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, nodeOptions, secretNames, type App } from './apps';

/** The apps' Helm chart (infra/k8s/base/charts/popote): its templates read the list from apps.json. */
export const CHART_DIR = 'infra/k8s/base/charts/popote';
export const CHART_APPS_FILE = `${CHART_DIR}/apps.json`;

/** What the chart's templates need of each app of the list, as apps.json holds it. */
export function chartApps(apps: readonly App[] = APPS): string {
  const list = apps.map((a) => ({
    name: a.name,
    kind: a.kind,
    image: a.image,
    port: a.port,
    readyPath: a.readyPath,
    ...(a.livePath ? { livePath: a.livePath } : {}),
    natsClient: a.natsClient,
    ...(nodeOptions(a) ? { nodeOptions: nodeOptions(a) } : {}),
    secret: secretNames(a).length > 0,
  }));
  return `${JSON.stringify({ generatedFrom: 'infra/deploy/src/apps.ts', apps: list }, null, 2)}\n`;
}

/** Whether the committed apps.json is the list's (false: run `node infra/deploy/dist/chart.js`). */
export const chartAppsCurrent = (root: string): boolean => readFileSync(join(root, CHART_APPS_FILE), 'utf8') === chartApps();

if (require.main === module) {
  const root = process.env.POPOTE_ROOT ?? join(__dirname, '..', '..', '..');
  writeFileSync(join(root, CHART_APPS_FILE), chartApps());
  console.log(`wrote ${CHART_APPS_FILE} (${APPS.length} apps)`);
}
