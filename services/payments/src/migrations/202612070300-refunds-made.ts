import type { mongo } from 'mongoose';

/**
 * Refunds stored before they had a state were recorded once the provider had answered: each is
 * `made`. Without it, mongoose gives such a refund its default `due` when it loads it, and a retry of
 * the order's refund would take it for one still to make. Idempotent.
 */
export async function up(db: mongo.Db): Promise<void> {
  await db.collection('refunds').updateMany({ status: { $exists: false } }, { $set: { status: 'made' } });
}

/** Nothing to undo: `made` is what the state of such a refund is. */
export async function down(): Promise<void> {}
