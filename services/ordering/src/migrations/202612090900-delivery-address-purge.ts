import type { mongo } from 'mongoose';

/**
 * The index `{pickup_start, reminder_sent_at}` has served no query since the reminders read
 * `reminder_pending` (an equality): dropped, so that the purge day of delivery addresses (ADR 0044)
 * adds no index to every write of an order (FerretDB rewrites every index on each write).
 * Idempotent: an index already gone is left gone.
 */
export async function up(db: mongo.Db): Promise<void> {
  const orders = db.collection('orders');
  const indexes = await orders.indexes().catch(() => []);
  if (indexes.some((i) => i.name === 'pickup_start_1_reminder_sent_at_1')) await orders.dropIndex('pickup_start_1_reminder_sent_at_1');
}

/** Puts the old index back. */
export async function down(db: mongo.Db): Promise<void> {
  await db.collection('orders').createIndex({ pickup_start: 1, reminder_sent_at: 1 });
}
