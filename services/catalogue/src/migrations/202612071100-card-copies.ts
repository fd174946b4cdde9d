import type { CookLocation } from '@popote/contracts';
import type { mongo } from 'mongoose';
import type { Meal, Stock } from '../meals/meal.schema';

type OlderCard = Pick<Meal, '_id' | 'cook_id' | 'portions_seq' | 'cook_location'>;

/** What can be reserved, as the stock's rules said when this was written (a migration keeps its own copy of the rule). */
const free = (stock: Pick<Stock, 'portions' | 'holds'>, now: Date) =>
  Math.max(0, stock.portions - (stock.holds ?? []).filter((h) => new Date(h.expires_at) > now).reduce((n, h) => n + h.quantity, 0));

/**
 * Cards stored before the read model (ADR 0016) lack the copy of their stock (`portions`,
 * `portions_seq`, `portions_v`) or of their cook's commune (`cook_location`): each gets them from
 * the stock and the pick-up settings as they are, so that reads take the card alone. Runs after the
 * stock of older meals exists (the migration before this one). Writes only the missing copies;
 * idempotent: a second run finds no such card. The periodic reconciliation keeps repairing what a
 * crash leaves behind.
 */
export async function up(db: mongo.Db): Promise<void> {
  const meals = db.collection<OlderCard>('meals');
  const older = await meals
    .find(
      { $or: [{ portions_seq: { $exists: false } }, { cook_location: { $exists: false } }] },
      { projection: { _id: 1, cook_id: 1, portions_seq: 1, cook_location: 1 } },
    )
    .toArray();
  const now = new Date();
  for (const card of older) {
    const set: Partial<Meal> = {};
    if (card.portions_seq === undefined || card.portions_seq === null) {
      const stock = await db.collection<Stock>('stock').findOne({ _id: card._id }, { projection: { portions: 1, holds: 1, seq: 1, v: 1 } });
      Object.assign(set, { portions: stock ? free(stock, now) : 0, portions_seq: stock?.seq ?? 0, portions_v: stock?.v ?? 0 });
    }
    if (card.cook_location === undefined) {
      const settings = await db
        .collection<{ _id: string; location?: CookLocation | null }>('pickupSettings')
        .findOne({ _id: card.cook_id }, { projection: { location: 1 } });
      set.cook_location = settings?.location ?? null;
    }
    await meals.updateOne({ _id: card._id }, { $set: set });
  }
}

/** Nothing to undo: the copies are what every newer card carries. */
export async function down(): Promise<void> {}
