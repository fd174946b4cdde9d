import { existsSync, readdirSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { DistributedLocks } from './events/locks';

/** migrate-mongo's configuration is one per process: runs of several apps in one process (tests) take turns. */
let turn: Promise<unknown> = Promise.resolve();

/** Where a service's applied migrations are recorded, in its own database. */
export const MIGRATIONS_CHANGELOG = 'migrations_changelog';

/**
 * The migrations of a service: files of `dir` (`<yyyymmddhhmm>-<what>.js`, or `.ts` when the
 * service runs from its sources), each exporting `up(db, client)` on the driver's database. The
 * first to boot of its replicas applies the pending ones under the lease `migrations.<service>`
 * (migrate-mongo's own lock is not atomic: it is off), in name order, each recorded once in
 * `migrations_changelog`; the others wait for the lease and find nothing pending. A migration may
 * run again if a process dies after its changes and before its record: each one is idempotent.
 * Returns the names applied by this process.
 */
export async function runMigrations(
  service: string,
  dir: string,
  connection: Connection,
  locks: Pick<DistributedLocks, 'run'>,
): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((f) => /^\d{12}-[\w-]+\.(js|ts)$/.test(f) && !f.endsWith('.d.ts'));
  if (!names.length) return [];
  const extension = names.some((f) => f.endsWith('.js')) ? '.js' : '.ts';
  const run = turn.then(() => locks.run(`migrations.${service}`, () => apply(dir, extension, connection)));
  turn = run.catch(() => undefined);
  const applied = await run;
  if (applied.length) new Logger('Migrations').log(`${service}: applied ${applied.join(', ')}`);
  return applied;
}

async function apply(dir: string, extension: string, connection: Connection): Promise<string[]> {
  // Its ES module: the CommonJS entry hands out promises of its functions.
  const { config: migrateConfig, up } = await import('migrate-mongo');
  migrateConfig.set({
    mongodb: { url: 'mongodb://unused', databaseName: connection.db!.databaseName, options: {} },
    migrationsDir: dir,
    changelogCollectionName: MIGRATIONS_CHANGELOG,
    lockCollectionName: '',
    lockTtl: 0,
    migrationFileExtension: extension,
    useFileHash: false,
    moduleSystem: 'commonjs',
  });
  return up(connection.db as never, connection.getClient() as never);
}
