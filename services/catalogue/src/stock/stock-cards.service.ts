import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CatalogueEvents } from '@popote/contracts';
import { OutboxRelay, outboxUpdate } from '@popote/platform';
import type { Model } from 'mongoose';
import { Meal, Stock } from '../meals/meal.schema';
import { freePortions } from '../reservations/rules';
import { cardIsStale } from './rules';

/**
 * The stock's copy on the meal cards (the read model, ADR 0016 and 0024): `portions` = what can be reserved
 * (the stock's portions minus its live reservations), `portions_v`, `portions_seq` = the stock's
 * version and sequence. The `stock` collection stays the truth; every list reads the cards only.
 */
@Injectable()
export class StockCardsService {
  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    @InjectModel(Stock.name) private readonly stock: Model<Stock>,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Copies what can be reserved of these meals onto their cards. The value is read from the stock
   * inside the meal's lock, so whichever copy runs last writes the stock as it then is — an older
   * copy cannot win — and the filter on `portions_v` keeps that exact on MongoDB even if two writers
   * ever overlapped. Only the copy's fields are `$set`, under the lock every writer of a meal takes
   * (FerretDB rewrites the whole document on an update). Nothing is written when the card already
   * shows it (a replay, the reconciliation). A listed dish whose card goes from 0 to some free
   * portions announces it (meal-back-in-stock, in the same write: the outbox); a reservation that
   * expires can do it too — the alerts are deduplicated per buyer, dish and day (docs/alerts.md).
   * Returns the meals whose card now shows another number of portions than before.
   *
   * `reserved`: stocks the caller has just written under the cook's lock, only ever lowering what is
   * free (a reservation): they are copied as written, not read again, and nothing can be back in
   * stock. A copy of an older version than the card's writes nothing, so this is exact even if the
   * stock moved on since.
   */
  async copy(mealIds: string[], reserved?: ReadonlyMap<string, Stock>): Promise<string[]> {
    const changed: string[] = [];
    for (const id of new Set(mealIds)) {
      await this.relay.change(this.meals, id, async () => {
        const s = reserved?.get(id) ?? (await this.stock.findById(id, { portions: 1, seq: 1, holds: 1, v: 1 }).lean<Stock>());
        if (!s) return;
        const free = freePortions(s, new Date());
        const v = s.v ?? 0;
        const back = free > 0 && !reserved?.has(id) ? await this.backInStock(id) : null;
        // The card as it was (one operation, like an update): the caller learns whether what it shows changed.
        const before = await this.meals
          .findOneAndUpdate(
            {
              _id: id,
              $or: [
                { portions_v: { $exists: false } },
                { portions_v: { $lt: v } },
                // The same version again (a reservation's expiry changes no version): the value decides.
                { portions_v: v, portions: { $ne: free } },
              ],
            },
            back
              ? { $set: { portions: free, portions_seq: s.seq, portions_v: v, ...back.set }, $push: back.push }
              : { $set: { portions: free, portions_seq: s.seq, portions_v: v } },
            { timestamps: false, returnDocument: 'before' }, // no projection: FerretDB 1.24's findAndModify has none
          )
          .lean<Pick<Meal, '_id' | 'portions'>>();
        if (before && before.portions !== free) changed.push(id);
      });
    }
    return changed;
  }

  /** The event to record with the copy if the card shows no free portion now (under the meal's lock), else null. */
  private async backInStock(id: string) {
    const card = await this.meals
      .findById(id, { portions: 1, cook_id: 1, name: 1, deleted_at: 1 })
      .lean<Pick<Meal, '_id' | 'portions' | 'cook_id' | 'name' | 'deleted_at'>>();
    if (!card || card.deleted_at || card.portions !== 0) return null;
    return outboxUpdate(CatalogueEvents.mealBackInStock, { meal_id: id, cook_id: card.cook_id, name: card.name });
  }

  /**
   * Meals whose card does not show what their stock has free (left
   * behind by a crash between two writes): copied again. One read of each collection; the copies are
   * idempotent and locked, so replicas doing it at once are harmless. Returns how many.
   */
  async reconcile(): Promise<number> {
    const [stocks, cards] = await Promise.all([
      this.stock.find({}, { portions: 1, seq: 1, holds: 1, v: 1 }).lean<Stock[]>(),
      this.meals.find({}, { portions: 1, portions_v: 1 }).lean<Pick<Meal, '_id' | 'portions' | 'portions_v'>[]>(),
    ]);
    const card = new Map(cards.map((c) => [c._id, c]));
    const now = new Date();
    const stale = stocks
      .filter((s) => {
        const c = card.get(s._id);
        return c && cardIsStale(c, s, now);
      })
      .map((s) => s._id);
    await this.copy(stale);
    return stale.length;
  }
}
