import { Logger } from '@nestjs/common';
import type { mongo } from 'mongoose';
import { PeriodicTask } from './jobs/periodic-task';

/**
 * Documents that expire at the date in `field`: a TTL index where the database has them (MongoDB),
 * else (FerretDB 1.x answers "expireAfterSeconds is not implemented yet") a sweep that deletes the
 * expired ones every `sweepMs`. Returns a stop function for the sweep (a no-op with a TTL index).
 */
export async function expireAt(
  collection: mongo.Collection<mongo.Document>,
  field: string,
  sweepMs = 60_000,
): Promise<() => Promise<void>> {
  const log = new Logger('Expiry');
  try {
    await collection.createIndex({ [field]: 1 }, { expireAfterSeconds: 0, name: `${field}_ttl` });
    return async () => undefined;
  } catch (err) {
    if (!/expireAfterSeconds|not implemented/i.test((err as Error).message)) throw err;
  }
  await collection.createIndex({ [field]: 1 }, { name: `${field}_1` }).catch(() => undefined);
  const sweep = new PeriodicTask(
    `expiry of ${collection.collectionName}`,
    sweepMs,
    () => collection.deleteMany({ [field]: { $lt: new Date() } }),
    log,
  );
  await sweep.runNow().catch((err: Error) => log.warn(`${collection.collectionName}: ${err.message}`));
  sweep.start();
  return () => sweep.stop();
}
