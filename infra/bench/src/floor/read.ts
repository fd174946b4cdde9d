import type { Collection, Document } from 'mongodb';

/** The floor's own subject, on a NATS server of its own (no product service listens there). */
export const FLOOR_SUBJECT = 'floor.meals.list';

/**
 * The catalogue's newest-first meals list as the catalogue queries it (filter, `LISTED` projection
 * and order of services/catalogue/src/meals/meals.service.ts): one definition for the bench's direct
 * read and the floor's catalogue, so the two cannot drift apart.
 */
export const newestMeals = (meals: Collection<Document>, limit: number) =>
  meals
    .find({ deleted_at: null }, { projection: { _outbox: 0, search_text: 0 } })
    .sort({ created_at: -1, _id: -1 })
    .limit(limit)
    .toArray();
