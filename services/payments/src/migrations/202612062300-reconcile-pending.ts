import type { mongo } from 'mongoose';

/**
 * Checkouts paid before `reconcile_pending` existed, not reconciled yet: marked, so the
 * reconciliation sweep (which reads the mark) checks them once. Idempotent.
 */
export async function up(db: mongo.Db): Promise<void> {
  await db
    .collection('checkouts')
    .updateMany({ reconcile_pending: { $exists: false }, status: 'succeeded', reconciled_at: null }, { $set: { reconcile_pending: true } });
}

/** Nothing to undo: the mark is what newer checkouts carry when they are paid. */
export async function down(): Promise<void> {}
