import type { mongo } from 'mongoose';

interface OlderMeal {
  _id: string;
  cook_id: string;
  portions_available?: number;
}

/**
 * Meals stored before stock had its own collection (ADR 0004) carry `portions_available`: each one
 * gets its stock document (inserted only if absent), then loses the fields the stock now keeps.
 * Runs before the first reconciliation copies the stock onto the cards (migrations run at boot,
 * before the service's consumers). Idempotent: a second run finds no such meal.
 */
export async function up(db: mongo.Db): Promise<void> {
  const meals = db.collection<OlderMeal>('meals');
  const older = await meals
    .find({ portions_available: { $exists: true } }, { projection: { _id: 1, cook_id: 1, portions_available: 1 } })
    .toArray();
  for (const m of older) {
    await db
      .collection<{ _id: string }>('stock')
      .updateOne(
        { _id: m._id },
        { $setOnInsert: { cook_id: m.cook_id, portions: Math.max(0, m.portions_available ?? 0), seq: 0, op: 'create' } },
        { upsert: true },
      );
    await meals.updateOne(
      { _id: m._id },
      { $unset: { portions_available: '', applied_orders: '', restocked_orders: '', rated_reviews: '' } },
    );
  }
}

/** Nothing to undo: newer meals have no such fields either. */
export async function down(): Promise<void> {}
