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
  // Nothing pending (every boot but the first after a release): no lease taken. A migration is
  // known by its name without extension, the same whether it ran from the sources or the build.
  const applied = await connection
    .db!.collection<{ fileName: string }>(MIGRATIONS_CHANGELOG)
    .find({}, { projection: { fileName: 1 } })
    .toArray();
  const done = new Set(applied.map((m) => baseName(m.fileName)));
  if (names.every((f) => done.has(baseName(f)))) return [];
  const extension = names.some((f) => f.endsWith('.js')) ? '.js' : '.ts';
  const run = turn.then(() => locks.run(`migrations.${service}`, () => apply(dir, extension, connection)));
  turn = run.catch(() => undefined);
  const ran = await run;
  if (ran.length) new Logger('Migrations').log(`${service}: applied ${ran.join(', ')}`);
  return ran;
}

const baseName = (file: string) => file.replace(/\.(js|ts)$/, '');

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
