// `node infra/local/dist/nats-render.js`: writes the NATS users and permissions of the deployments
// from the table (nats-permissions.ts): infra/compose/nats-auth.conf and
// infra/k8s/dependencies/nats-auth-values.yaml. Run it after changing the table or the callers or
// consumers declared on a contract (npm run build first); `./popote test deploy` fails while they
// differ from it.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPOSE_NATS_AUTH_FILE, composeNatsAuthConf, HELM_NATS_AUTH_FILE, helmNatsAuthValues } from './nats-deploy';

const root = process.env.POPOTE_ROOT ?? join(__dirname, '..', '..', '..');
for (const [file, text] of [
  [COMPOSE_NATS_AUTH_FILE, composeNatsAuthConf()],
  [HELM_NATS_AUTH_FILE, helmNatsAuthValues()],
] as const) {
  writeFileSync(join(root, file), text);
  console.log(`popote: wrote ${file}`);
}
