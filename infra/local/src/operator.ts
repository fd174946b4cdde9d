import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { profile, repoRoot } from './profiles';

/**
 * `./popote operator add <email> <name>`: creates an operator of the product `./popote start` runs
 * (its identity database; `--test` for the test ports), through identity's own command, which
 * prints the first password once.
 */
const args = process.argv.slice(2);
const p = profile(args.includes('--test') ? 'test' : 'dev');
const result = spawnSync(
  process.execPath,
  [join(repoRoot(), 'services/identity/dist/operators/operator-cli.js'), ...args.filter((a) => a !== '--test')],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      MONGO_URL: process.env.MONGO_URL ?? `mongodb://127.0.0.1:${p.servers.mongo}`,
      MONGO_DB: process.env.MONGO_DB ?? 'popote_identity',
    },
  },
);
process.exit(result.status ?? 1);
