import type { mongo } from 'mongoose';

/**
 * Orders stored before `reminder_pending` existed, with a slot ahead and no reminder sent: marked,
 * so the reminder sweep (which reads the mark) announces their reminder. Idempotent.
 */
export async function up(db: mongo.Db): Promise<void> {
  await db
    .collection('orders')
    .updateMany(
      { reminder_pending: { $exists: false }, reminder_sent_at: null, pickup_start: { $gt: new Date() } },
      { $set: { reminder_pending: true } },
    );
}

/** Nothing to undo: the mark is what newer orders carry from their creation. */
export async function down(): Promise<void> {}
