import type { CookLocation } from '@popote/contracts';
import type { Model, QueryFilter } from 'mongoose';
import { decodeDistanceCursor, encodeDistanceCursor, type DistanceCursor } from './cursor';
import { LISTED } from './meal.mapper';
import type { Meal } from './meal.schema';

/**
 * Bounds of one "nearest first" listing (ADR 0030). FerretDB has no geo index, so the located cooks
 * are walked in order of distance and their meals read a batch of cooks at a time; without bounds a
 * search that few dishes match walked every located cook of the country, 25 at a time.
 *
 * - NEAR_MAX_COOKS: only the nearest located cooks are listed nearest first; once they are listed the
 *   list goes on with the cooks without a commune (without a radius), or ends. A request thus makes at
 *   most NEAR_MAX_COOKS / NEAR_BATCH_COOKS batch queries.
 * - NEAR_BATCH_COOKS: cooks whose meals one query reads (`cook_id $in`).
 * - NEAR_BATCH_MEALS: meals one batch query returns at most; a batch whose cooks hold more is read
 *   again cook by cook, newest first, each up to what the page still needs.
 */
export const NEAR_MAX_COOKS = 200;
export const NEAR_BATCH_COOKS = 25;
export const NEAR_BATCH_MEALS = 250;

/** The located cooks (commune centres) and their distance from the buyer's commune, in metres. */
export type NearCooks = { located: Map<string, CookLocation>; distance: Map<string, number> };

const olderThan = (c: DistanceCursor): QueryFilter<Meal> => ({
  $or: [{ created_at: { $lt: c.created_at } }, { created_at: c.created_at, _id: { $lt: c.id } }],
});

const newestFirst = (a: Meal, b: Meal) => {
  const t = new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
  return t || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
};

/**
 * One page nearest first: the nearest located cooks in order of distance (then id), each cook's
 * meals newest first, then — `withUnlocated`, i.e. without a radius — the meals of cooks without a
 * commune. The cursor names the last (distance, cook, created_at, _id).
 */
export async function nearestPage(
  meals: Model<Meal>,
  query: QueryFilter<Meal>,
  first: number,
  after: string | null | undefined,
  near: NearCooks,
  withUnlocated: boolean,
): Promise<{ items: Meal[]; next_cursor: string | null }> {
  const cursor = after ? decodeDistanceCursor(after) : null;
  const order = [...near.distance].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, NEAR_MAX_COOKS);
  // Where the previous page stopped: its cook still has older meals, the next cooks all of theirs.
  let from = 0;
  if (cursor?.distance === null) from = order.length;
  else if (cursor) {
    from = order.findIndex(([id, d]) => d > cursor.distance! || (d === cursor.distance && id >= cursor.cook_id));
    if (from < 0) from = order.length;
  }
  const picked: Meal[] = [];
  for (let i = from; i < order.length && picked.length <= first; i += NEAR_BATCH_COOKS) {
    const batch = order.slice(i, i + NEAR_BATCH_COOKS).map(([id]) => id);
    picked.push(...(await readBatch(meals, query, batch, cursor, first + 1 - picked.length)));
  }
  if (withUnlocated && picked.length <= first) {
    // Every located cook is left out here, the ones past the nearest too (they have a commune).
    const and: QueryFilter<Meal>[] = [query, { cook_id: { $nin: [...near.distance.keys()] } }];
    if (cursor?.distance === null) and.push(olderThan(cursor));
    const docs = await meals
      .find({ $and: and }, LISTED)
      .sort({ created_at: -1, _id: -1 })
      .limit(first + 1 - picked.length)
      .lean<Meal[]>();
    picked.push(...docs);
  }
  const items = picked.slice(0, first);
  const last = items.at(-1);
  return {
    items,
    next_cursor:
      picked.length > first && last
        ? encodeDistanceCursor({
            distance: near.distance.get(last.cook_id) ?? null,
            cook_id: last.cook_id,
            created_at: new Date(last.created_at),
            id: last._id,
          })
        : null,
  };
}

/**
 * The meals of a batch of cooks in the listing's order (cook by cook, newest first), after the
 * cursor. One query of at most NEAR_BATCH_MEALS meals; when the cooks hold more, cook by cook, only
 * the `need` meals the page can still use.
 */
async function readBatch(
  meals: Model<Meal>,
  query: QueryFilter<Meal>,
  batch: string[],
  cursor: DistanceCursor | null,
  need: number,
): Promise<Meal[]> {
  const resumes = (cookId: string) => cursor !== null && cursor.distance !== null && cursor.cook_id === cookId;
  const and: QueryFilter<Meal>[] = [query, { cook_id: { $in: batch } }];
  if (cursor && batch.some(resumes))
    and.push({ $or: [{ cook_id: { $ne: cursor.cook_id } }, { $and: [{ cook_id: cursor.cook_id }, olderThan(cursor)] }] });
  const docs = await meals
    .find({ $and: and }, LISTED)
    .limit(NEAR_BATCH_MEALS + 1)
    .lean<Meal[]>();
  if (docs.length <= NEAR_BATCH_MEALS) {
    const rank = new Map(batch.map((id, k) => [id, k]));
    return docs.sort((a, b) => rank.get(a.cook_id)! - rank.get(b.cook_id)! || newestFirst(a, b));
  }
  const out: Meal[] = [];
  for (const cookId of batch) {
    if (out.length >= need) break;
    const own: QueryFilter<Meal>[] = [query, { cook_id: cookId }, ...(resumes(cookId) ? [olderThan(cursor!)] : [])];
    out.push(
      ...(await meals
        .find({ $and: own }, LISTED)
        .sort({ created_at: -1, _id: -1 })
        .limit(need - out.length)
        .lean<Meal[]>()),
    );
  }
  return out;
}
