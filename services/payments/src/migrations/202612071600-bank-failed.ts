import type { mongo } from 'mongoose';

/**
 * Payouts whose bank payout failed before `bank_failed` existed get it, so the console's list of
 * failed payouts (found by equality) shows them too. Idempotent.
 */
export async function up(db: mongo.Db): Promise<void> {
  await db.collection('payouts').updateMany({ bank_failure: { $ne: null }, bank_failed: { $ne: true } }, { $set: { bank_failed: true } });
}

/** Nothing to undo: the flag only repeats what `bank_failure` says. */
export async function down(): Promise<void> {}
