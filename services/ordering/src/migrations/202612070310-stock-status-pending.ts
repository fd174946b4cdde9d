import type { mongo } from 'mongoose';

/**
 * Orders stored before checkout v3 say their stock was `committed` (the catalogue told ordering); since
 * v3 an accepted order is `pending` for ordering whatever the catalogue did with its reservation, and
 * only `rejected` means something. Those orders take the state they would have now. Idempotent.
 */
export async function up(db: mongo.Db): Promise<void> {
  await db.collection('orders').updateMany({ stock_status: 'committed' }, { $set: { stock_status: 'pending' } });
}

/** Nothing to undo: `pending` is what every accepted order carries. */
export async function down(): Promise<void> {}
