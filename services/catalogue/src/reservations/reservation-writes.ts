import type { FulfilmentMode } from '@popote/contracts';
import type { Stock } from '../meals/meal.schema';
import { loadIdOf, type SlotLoad } from '../slots/slot.schema';
import { slotKey } from '../slots/slot-times';
import type { CatalogueStore } from '../store';
import { atVersion } from './rules';

/**
 * The writes of a reservation (the caller holds the cook's lock): each conditional on the version
 * read, so a write that meets another keeps nothing and fails instead.
 */
export class ReservationWrites {
  constructor(private readonly store: Pick<CatalogueStore, 'stock' | 'slotLoads'>) {}

  /** Returns the stock as written. */
  async writeStock(before: Stock, next: Partial<Pick<Stock, 'holds' | 'portions'>>): Promise<Stock> {
    const set = { ...next, v: (before.v ?? 0) + 1 };
    const res = await this.store.stock.updateOne({ _id: before._id, ...atVersion(before.v) }, { $set: set });
    if (res.modifiedCount !== 1) throw new Error(`stock ${before._id} changed under a reservation; nothing was kept`);
    return { ...before, ...set };
  }

  async dropFromLoad(cookId: string, startKey: string, holdId: string, mode: FulfilmentMode = 'pickup'): Promise<void> {
    const load = await this.store.slotLoads.findById(loadIdOf(cookId, startKey, mode)).lean<SlotLoad>();
    if (load && (load.holds ?? []).some((h) => h.hold_id === holdId))
      await this.writeLoad(cookId, new Date(load.start), load, { holds: load.holds.filter((h) => h.hold_id !== holdId) }, mode);
  }

  async writeLoad(
    cookId: string,
    start: Date,
    before: SlotLoad | null,
    next: Partial<Pick<SlotLoad, 'committed' | 'holds'>>,
    mode: FulfilmentMode = 'pickup',
  ): Promise<void> {
    const _id = loadIdOf(cookId, slotKey(start), mode);
    if (!before) {
      // Two creators of one slot's document: the second insert fails on `_id` (nothing is kept; asked again, it updates).
      const created = { _id, cook_id: cookId, start, committed: 0, holds: [], seq: 0, v: 1, ...next };
      await this.store.slotLoads.create(mode === 'delivery' ? { ...created, mode } : created);
      return;
    }
    const res = await this.store.slotLoads.updateOne({ _id, ...atVersion(before.v) }, { $set: { ...next, v: (before.v ?? 0) + 1 } });
    if (res.modifiedCount !== 1) throw new Error(`slot ${_id} changed under a reservation; nothing was kept`);
  }
}
