import type { mongo } from 'mongoose';

/**
 * Pushes stored `queued` by the version before the work queue (ADR 0038) have no job: they become
 * due retries (`retry`, due now, no attempt spent), which the sweep queues like any other. The sweep
 * then no longer looks for `queued` pushes every second. Idempotent.
 */
export async function up(db: mongo.Db): Promise<void> {
  await db.collection('alerts').updateMany({ status: 'queued' }, { $set: { status: 'retry', next_attempt_at: new Date() } });
}

/** Nothing to undo: the previous version queues due retries the same way. */
export async function down(): Promise<void> {}
