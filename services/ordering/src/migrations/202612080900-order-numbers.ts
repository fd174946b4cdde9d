import type { mongo } from 'mongoose';

/** Orders numbered per write: a page of ids read, then their updates in one bulk write. */
const PAGE = 500;

/**
 * Orders stored before `number` existed get it: the last 8 characters of their id, what the buyer
 * reads (`Commande n° …`) and an operator types to find the order (an indexed equality, no scan).
 * The migration keeps its own copy of the rule (a later change of the service's does not change what
 * it did). Idempotent: only orders without a number are read, a page at a time, until none is left.
 */
export async function up(db: mongo.Db): Promise<void> {
  const orders = db.collection<{ _id: string; number?: string }>('orders');
  for (;;) {
    const page = await orders
      .find({ number: { $exists: false } }, { projection: { _id: 1 } })
      .limit(PAGE)
      .toArray();
    if (!page.length) return;
    await orders.bulkWrite(
      page.map((o) => ({ updateOne: { filter: { _id: o._id }, update: { $set: { number: String(o._id).slice(-8) } } } })),
      { ordered: false },
    );
    if (page.length < PAGE) return;
  }
}

/** Nothing to undo: newer orders carry their number from their creation. */
export async function down(): Promise<void> {}
